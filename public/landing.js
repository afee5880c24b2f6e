// Enhances the route landing page (/r/{slug}), which is complete as HTML without it: the like
// button without a reload, sharing, and the time on the page. Plain script, no framework: keep it small.
;(function () {
  'use strict'

  function start() {
    var root = document.querySelector('[data-landing]')
    if (!root) return
    var uuid = root.getAttribute('data-route-uuid')
    setUpLike(root, uuid)
    setUpShare(root)
    if (uuid) trackTime(uuid)
    registerWorker()
  }

  // The visitors' service worker (app/visitor/service-worker.ts, ADR 021): this page opens again
  // without network once visited. The first time, the worker did not see the page load: it is
  // handed the page and its files (workbox's CACHE_URLS message), as app/visitor/register-worker.client.ts does.
  function registerWorker() {
    var meta = document.querySelector('meta[name="trailguide:service-worker"]')
    if (!meta || !('serviceWorker' in navigator)) return
    // Whether the worker saw this page load: read before it may claim the page (on its first activation).
    var controlled = navigator.serviceWorker.controller !== null
    navigator.serviceWorker
      .register(meta.getAttribute('content'), { scope: '/' })
      .then(function () {
        return navigator.serviceWorker.ready
      })
      .then(function (registration) {
        var own = /^\/(?:assets|uploads)\/|^\/(?:landing\.js|favicon\.svg|manifest\.webmanifest)$/
        // Controlled, the page and its files went through the worker, which kept them.
        var urls = []
        if (!controlled) {
          urls.push(location.href)
          performance.getEntriesByType('resource').forEach(function (entry) {
            var url = new URL(entry.name)
            if (url.origin === location.origin && own.test(url.pathname)) urls.push(url.href)
          })
        }
        // The offline page in this page's language (ADR 090), as register-worker.client.ts adds it.
        var lang = document.documentElement.lang
        var offline = location.origin + (/^(fr|de|it)$/.test(lang) ? '/' + lang : '') + '/offline'
        return caches.match(offline).then(function (kept) {
          if (!kept) urls.push(offline)
          return urls.length > 0 ? send(registration, urls) : undefined
        })
      })
      .then(function () {
        document.documentElement.setAttribute('data-offline-ready', 'true')
      })
      .catch(function () {
        // No worker (private window, old browser): the page works as before, online.
      })
  }

  function send(registration, urls) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel()
      channel.port1.onmessage = resolve
      registration.active.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }, [channel.port2])
    })
  }

  function remember(key, value) {
    try {
      if (value === undefined) return localStorage.getItem(key)
      localStorage.setItem(key, value)
    } catch {
      // Private mode or storage off: the server still refuses a second like.
    }
    return null
  }

  function setUpLike(root, uuid) {
    var form = root.querySelector('form[data-like]')
    if (!form || !uuid) return
    var status = root.querySelector('[data-share-status]')
    var button = form.querySelector('button')
    var label = form.querySelector('[data-like-label]')
    var count = form.querySelector('[data-like-count]')
    var key = 'trailguide:liked:' + uuid

    var intent = form.querySelector('input[name="intent"]')

    function show(liked, total) {
      button.setAttribute('aria-pressed', liked ? 'true' : 'false')
      label.textContent = form.getAttribute(liked ? 'data-label-liked' : 'data-label-like')
      intent.value = liked ? 'unlike' : 'like'
      if (total !== undefined) {
        count.textContent = String(total)
        count.setAttribute('data-like-count', String(total))
      }
    }

    if (button.getAttribute('aria-pressed') === 'true' || remember(key) === '1') show(true)

    form.addEventListener('submit', function (event) {
      event.preventDefault()
      if (button.disabled) return
      var liking = intent.value === 'like'
      button.disabled = true
      // The same form post as without script; the page it redirects to carries the new total.
      fetch(form.action, { method: 'POST', body: new FormData(form), credentials: 'same-origin' })
        .then(function (res) {
          // Too many likes from this address: not counted, and posting again would not be either.
          if (res.status === 429) return null
          if (!res.ok) throw new Error('like ' + res.status)
          return res.text()
        })
        .then(function (html) {
          if (html === null) {
            if (status) status.textContent = form.getAttribute('data-label-limited')
            return
          }
          var match = /data-like-count="(\d+)"/.exec(html)
          remember(key, liking ? '1' : '0')
          show(liking, match ? Number(match[1]) : undefined)
        })
        .catch(function () {
          form.submit()
        })
        .then(function () {
          button.disabled = false
        })
    })
  }

  function setUpShare(root) {
    var button = root.querySelector('[data-share]')
    var status = root.querySelector('[data-share-status]')
    if (!button) return
    var url = button.getAttribute('data-url')
    var say = function (text) {
      if (status) status.textContent = text
    }
    if (!navigator.share && !(navigator.clipboard && navigator.clipboard.writeText)) return
    button.hidden = false
    button.addEventListener('click', function () {
      if (navigator.share) {
        navigator.share({ title: button.getAttribute('data-title'), url: url }).catch(function () {
          // Closing the share sheet rejects too: nothing to say.
        })
        return
      }
      navigator.clipboard.writeText(url).then(
        function () {
          say(button.getAttribute('data-copied'))
        },
        function () {
          say(button.getAttribute('data-failed'))
        },
      )
    })
  }

  // Seconds the page was visible, sent once when the visitor leaves (or hides the tab).
  function trackTime(uuid) {
    var visibleMs = 0
    var since = document.visibilityState === 'visible' ? Date.now() : null
    var sent = false

    function send() {
      if (since !== null) visibleMs += Date.now() - since
      since = null
      var seconds = Math.min(86400, Math.round(visibleMs / 1000))
      if (sent || seconds < 1 || !navigator.sendBeacon) return
      sent = true
      navigator.sendBeacon('/api/events', JSON.stringify({ type: 'time', route_uuid: uuid, value: seconds }))
    }

    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden') send()
      else if (!sent) since = Date.now()
    })
    window.addEventListener('pagehide', send)
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
  else start()
})()
