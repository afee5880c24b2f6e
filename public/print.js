// The printed leaflet's "Print" button (the page has no framework runtime).
document.querySelector('[data-print]')?.addEventListener('click', () => window.print())
