// Page-view analytics (spec §7), Plausible's event protocol. Included by the root layout only
// when ANALYTICS_HOST is set. One "pageview" on load and after each client-side navigation;
// nothing on a local machine or when localStorage.plausible_ignore is "true".
;(function () {
  var script = document.currentScript
  if (!script) return
  var api = script.getAttribute('data-api')
  var domain = script.getAttribute('data-domain')
  var lastPath = null

  function ignored() {
    if (location.protocol === 'file:' || /^(localhost|127(\.\d+){3}|\[::1\])$/.test(location.hostname)) return true
    try {
      return localStorage.getItem('plausible_ignore') === 'true'
    } catch {
      return false
    }
  }

  function pageview() {
    if (location.pathname === lastPath) return
    lastPath = location.pathname
    if (ignored()) return
    var event = { n: 'pageview', u: location.href, d: domain, r: document.referrer || null, w: window.innerWidth, h: 0, p: {} }
    // text/plain keeps it a simple request (no CORS preflight), as Plausible's own script does.
    fetch(api, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(event), keepalive: true }).catch(
      function () {},
    )
  }

  var pushState = history.pushState
  history.pushState = function () {
    pushState.apply(this, arguments)
    pageview()
  }
  window.addEventListener('popstate', pageview)
  pageview()
})()
