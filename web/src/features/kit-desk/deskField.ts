/**
 * The classes of the kit desk's text fields, for LabelledInput: big, to be read and typed at arm's
 * length on the desk's phone or tablet.
 */
export const deskField = {
  fieldClassName: 'flex flex-col gap-1',
  labelClassName: 'text-lg font-semibold text-slate-950',
  className: 'min-h-14 rounded-xl border-2 border-slate-900 px-4 text-xl',
  errorClassName: 'font-semibold text-red-800',
}
