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

    function showLiked(total) {
      button.setAttribute('aria-pressed', 'true')
      label.textContent = form.getAttribute('data-label-liked')
      if (total !== undefined) {
        count.textContent = String(total)
        count.setAttribute('data-like-count', String(total))
      }
    }

    if (button.getAttribute('aria-pressed') === 'true' || remember(key) === '1') showLiked()

    form.addEventListener('submit', function (event) {
      event.preventDefault()
      if (button.getAttribute('aria-pressed') === 'true' || button.disabled) return
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
          remember(key, '1')
          showLiked(match ? Number(match[1]) : undefined)
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
