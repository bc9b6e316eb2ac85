/**
 * A turn of the event loop for everything else. The embedded database runs in this thread and
 * answers without ever leaving the event loop's microtasks, and reading a large file is work in
 * this thread too: a background job that awaits step after step would keep every request
 * waiting until it ends. Long work calls this now and then to let the pages through.
 */
export const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));
