// The service worker of deck.html?sends=1: it posts every key the deck tells it, as a worker
// that logs or syncs for its pages does. It runs beside the pages, where no tab's interception
// sees it, so the audit holds it apart (ServiceWorkerSeal).
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('message', (event) => {
  fetch('/worker-keys', { method: 'POST', body: String(event.data) });
});
