// PeptidePrices price alerts: shows a pushed alert and opens its page when clicked.
// Registered only from a price-alert form, when its owner turns browser notifications on.
self.addEventListener("push", (event) => {
  let message = { title: "Price alert", body: "", url: "/deals" };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without a JSON body still tells the user something changed.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      data: { url: message.url },
      tag: message.url,
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/deals", self.location.origin);
  // Only pages of this site: a pushed message never sends the user elsewhere.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(self.clients.openWindow(url));
});
