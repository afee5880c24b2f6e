import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

// Every page lives under an optional locale prefix: /dashboard (English), /fr/dashboard, ...
export default [
  route(':lang?', 'routes/locale.tsx', [
    index('routes/index.tsx'),
    route('auth/logout', 'routes/auth/logout.tsx'),
    route('auth/temp/:token', 'routes/auth/temp-token.tsx'),
    route('invitations/:token', 'routes/invitation.tsx'),
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
      route('map', 'routes/manager/screen.tsx', { id: 'map' }),
      route('landing', 'routes/manager/screen.tsx', { id: 'landing' }),
      route('landing/list', 'routes/manager/screen.tsx', { id: 'landingList' }),
      route('branding', 'routes/manager/screen.tsx', { id: 'branding' }),
      route('statistics', 'routes/manager/statistics.tsx'),
      route('heatmap', 'routes/manager/heatmap.tsx'),
      route('ai', 'routes/manager/ai.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
