// Page-view analytics (spec §7), Plausible's event protocol. Included by the root layout only
// when ANALYTICS_HOST is set. One "pageview" on load and after each client-side navigation;
// nothing on a local machine or when localStorage.plausible_ignore is "true".
;(function () {
  var script = document.currentScript
  if (!script) return
  var api = script.getAttribute('data-api')
  var domain = script.getAttribute('data-domain')
  // Live sign-in, reset and invitation links must not reach the analytics service: their token
  // segments and secret query values are masked (the server's one rule, given as attributes).
  var tokenPath = script.getAttribute('data-token-path')
  var secretQuery = script.getAttribute('data-secret-query')
  var lastPath = null

  function ignored() {
    if (location.protocol === 'file:' || /^(localhost|127(\.\d+){3}|\[::1\])$/.test(location.hostname)) return true
    try {
      return localStorage.getItem('plausible_ignore') === 'true'
    } catch {
      return false
    }
  }

  function masked(url) {
    if (!url) return url
    if (secretQuery) url = url.replace(new RegExp(secretQuery, 'gi'), '$1[redacted]')
    if (tokenPath) url = url.replace(new RegExp(tokenPath, 'gi'), '$1[redacted]')
    return url
  }

  function pageview() {
    if (location.pathname === lastPath) return
    lastPath = location.pathname
    if (ignored()) return
    var event = { n: 'pageview', u: masked(location.href), d: domain, r: masked(document.referrer) || null, w: window.innerWidth, h: 0, p: {} }
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
