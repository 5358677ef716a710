/**
 * Settles in a later task of the event loop, after the browser has handled what waits (a tap, a
 * frame). A message to itself rather than a timer: timers are held to 4 ms apart once nested, and
 * to one a second in a tab in the background.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
