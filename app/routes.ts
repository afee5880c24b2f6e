import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

// Every page lives under an optional locale prefix: /dashboard (English), /fr/dashboard, ...
export default [
  route(':lang?', 'routes/locale.tsx', [
    index('routes/index.tsx'),
    route('auth/logout', 'routes/auth/logout.tsx'),
    route('auth/temp/:token', 'routes/auth/temp-token.tsx'),
    // Login required (checked in its loader); outside the manager layout so it prints bare.
    route('qr-codes/print', 'routes/manager/qr-print.tsx'),
    route('invitations/:token', 'routes/invitation.tsx'),
    // The monthly report mail's one-click "no more reports" (no sign-in: the token says whose).
    route('monthly-report/unsubscribe/:token', 'routes/monthly-report-unsubscribe.tsx'),
    layout('routes/layouts/guest.tsx', [
      layout('routes/auth/guests-only.tsx', [
        route('auth/login', 'routes/auth/login.tsx'),
        route('auth/register', 'routes/auth/register.tsx'),
        route('auth/forgot', 'routes/auth/forgot.tsx'),
        route('auth/reset', 'routes/auth/reset.tsx', { id: 'auth-reset' }),
        route('auth/reset-password/:token', 'routes/auth/reset.tsx', { id: 'auth-reset-password-token' }),
      ]),
    ]),
    layout('routes/layouts/manager.tsx', [
      route('dashboard', 'routes/manager/dashboard.tsx'),
      route('map', 'routes/manager/map.tsx', { id: 'map' }),
      route('landing', 'routes/manager/landing.tsx'),
      route('landing/list', 'routes/manager/landing-list.tsx'),
      route('branding', 'routes/manager/branding.tsx'),
      route('statistics', 'routes/manager/statistics.tsx'),
      route('heatmap', 'routes/manager/heatmap.tsx'),
      route('ai', 'routes/manager/ai.tsx'),
      route('reports', 'routes/manager/reports.tsx'),
      route('trash', 'routes/manager/trash.tsx'),
      route('activity', 'routes/manager/activity.tsx'),
    ]),
    layout('routes/public/layout.tsx', [
      route('r/*', 'routes/public/landing.tsx'),
      // The print kit's leaflet: the landing page's address plus /print (a category host's is one segment shorter).
      route('r/:category/:slug/print', 'routes/public/print.tsx', { id: 'route-print' }),
      route('r/:slug/print', 'routes/public/print.tsx', { id: 'route-print-host' }),
      route('m/*', 'routes/public/map.tsx'),
      route('q/:code', 'routes/public/qr.tsx'),
      // "Report a problem here" without script: the form and its thank-you.
      route('report', 'routes/public/report.tsx'),
      route('c/:category', 'routes/public/category-home.tsx'),
      // What the visitors' service worker answers offline for a page it does not keep (ADR 090).
      route('offline', 'routes/public/offline.tsx'),
      // The embeddable list of a category's published routes (an iframe on the category's own site).
      route('embed/:category', 'routes/public/embed.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
