import { useImageModal, type ModalImage } from '../../components/ImageModal'
import { SafeImage } from '../../components/SafeImage'

/** Thumbnails that open the shared viewer on the chosen photo, paging through all of them. */
export function Gallery({ photos }: { photos: ModalImage[] }) {
  const modal = useImageModal()
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {photos.map((photo, i) => (
        <li key={photo.src}>
          <button
            type="button"
            className="group block w-full overflow-hidden rounded-xl bg-slate-200 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
            onClick={() => modal.open(photos, i)}
          >
            <SafeImage
              src={photo.src}
              alt={photo.alt}
              width={640}
              height={400}
              loading="lazy"
              className="aspect-[8/5] w-full object-cover transition duration-300 group-hover:scale-105"
            />
          </button>
        </li>
      ))}
    </ul>
  )
}
