import * as Menu from '@radix-ui/react-dropdown-menu'
import { clsx } from 'clsx'
import { FileText, Globe, ListChecks, Map as MapIcon, MoreHorizontal, Pencil, Plus, Smartphone, Trash2 } from 'lucide-react'
import { useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { Swatch } from '#app/components/ui/swatch.tsx'
import { HistoryPanel } from '#app/components/revisions/history-panel.tsx'
import { apiRequest } from '#app/client/api-client.ts'
import { routeAddress } from '#app/modules/addresses/route-address.ts'
import type { RouteToolbarProps } from './contracts.ts'
import { DeleteRouteModal } from './modals/delete-route-modal.tsx'
import { RouteStatusBadge } from '#app/components/route-status-badge.tsx'
import { NoticeBadge } from '#app/components/notice-badge.tsx'
import { MobileMapModal } from './modals/mobile-map-modal.tsx'
import { RouteFormModal } from './modals/route-form-modal.tsx'
import { RouteStatusModal } from './modals/route-status-modal.tsx'
import { routeColorHex, SelectRoutesModal } from './modals/select-routes-modal.tsx'
import { ShareModal } from './modals/share-modal.tsx'
import { Button } from '#app/components/ui/button.tsx'

type Dialog = 'select' | 'new' | 'edit' | 'status' | 'delete' | 'shareMap' | 'sharePage' | 'mobile'

interface Action {
  id: Dialog
  label: string
  /** Shown instead of the label in the narrow toolbar (the full label stays the accessible name). */
  short?: string
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean }>
  needsRoute: boolean
  danger?: boolean
}

/** A phone or a tablet: a touch screen without hover. */
const HANDHELD = '(hover: none) and (pointer: coarse)'
const subscribeHandheld = (changed: () => void) => {
  const query = matchMedia(HANDHELD)
  query.addEventListener('change', changed)
  return () => query.removeEventListener('change', changed)
}

/** Whether the editor is open on a handheld device (false on the server: the action is in a closed menu there). */
function useHandheld(): boolean {
  return useSyncExternalStore(subscribeHandheld, () => matchMedia(HANDHELD).matches, () => false)
}

/**
 * The open route (colour, name, status) and what can be done with it: buttons from `md` up, one
 * menu on phones. Each action opens its modal; the modals call the API and report to the page.
 */
export function RouteToolbar({ category, routes, route, isDirty, onSelectRoute, onRouteCreated, onRouteDeleted, onRouteUpdated, onRouteRestored, revisionsDays, addressing }: RouteToolbarProps) {
  const { t } = useTranslation()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const openChange = (which: Dialog) => (open: boolean) => setDialog(open ? which : null)
  const mapAddressOf = (slug: string) => routeAddress(addressing, 'map', { category: category.slug, slug }).url
  const handheld = useHandheld()

  const actions: Action[] = [
    { id: 'select', label: t('routeModals.actions.select'), icon: ListChecks, needsRoute: false },
    { id: 'new', label: t('routeModals.actions.new'), short: t('routeModals.actions.newShort'), icon: Plus, needsRoute: false },
    { id: 'edit', label: t('routeModals.actions.edit'), icon: Pencil, needsRoute: true },
    { id: 'status', label: t('routeModals.actions.status'), icon: Globe, needsRoute: true },
    { id: 'shareMap', label: t('routeModals.actions.shareMap'), icon: MapIcon, needsRoute: true },
    { id: 'sharePage', label: t('routeModals.actions.sharePage'), icon: FileText, needsRoute: true },
    // "Open on phone" shows a QR code to scan with a phone: not offered on one.
    ...(handheld ? [] : [{ id: 'mobile' as const, label: t('routeModals.actions.mobile'), icon: Smartphone, needsRoute: false }]),
    { id: 'delete', label: t('routeModals.actions.delete'), icon: Trash2, needsRoute: true, danger: true },
  ]
  const disabled = (a: Action) => (a.needsRoute && !route) || (a.id === 'select' && routes.length === 0)
  const name = route ? (route.name ?? route.slug) : null

  const primary = actions.filter((a) => a.id === 'select' || a.id === 'new')
  const more = actions.filter((a) => a.id !== 'select' && a.id !== 'new')
  const button = (a: Action, size: 'full' | 'short') => (
    <Button
      key={a.id}
      type="button"
      variant={a.danger ? 'ghostDanger' : 'ghost'}
      size="sm"
      className="min-h-10 whitespace-nowrap"
      onClick={() => setDialog(a.id)}
      disabled={disabled(a)}
      aria-label={size === 'short' && a.short ? a.label : undefined}
      data-action={a.id}
    >
      <a.icon className="size-4 shrink-0" aria-hidden />
      {size === 'short' && a.short ? a.short : a.label}
    </Button>
  )

  // A container query, not the viewport: the page may put the toolbar in a narrow side column.
  return (
    <div
      role="group"
      aria-label={t('routeModals.toolbar')}
      data-testid="route-toolbar"
      className="@container rounded-xl border border-gray-200 bg-white px-3 py-2 dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex min-w-0 basis-full items-center gap-2 py-1 @3xl:flex-1 @3xl:basis-auto" data-testid="toolbar-route">
          {route ? (
            <>
              <Swatch color={routeColorHex(route.color)} className="size-3.5" data-testid="toolbar-route-color" data-color={route.color} />
              <span className="min-w-0 truncate font-semibold" data-testid="toolbar-route-name">
                {name}
              </span>
              <RouteStatusBadge status={route.status} testId="toolbar-route-status" />
              <NoticeBadge notice={route.notice} />
              {isDirty ? (
                <span className="truncate text-xs font-medium text-amber-700 dark:text-amber-300" data-testid="toolbar-dirty">
                  {t('routeModals.unsaved')}
                </span>
              ) : null}
              <span className="ml-auto shrink-0">
                <HistoryPanel target={{ kind: 'route', uuid: route.uuid }} days={revisionsDays} onRestored={async () => onRouteRestored(await apiRequest(`/routes/${route.uuid}/get-route`))} />
              </span>
            </>
          ) : (
            <span className="text-sm text-gray-500 dark:text-gray-400">{t('routeModals.noRoute')}</span>
          )}
        </div>

        {/* Wide: every action as a labelled button. */}
        <div className="hidden flex-wrap items-center gap-1 @3xl:flex">{actions.map((a) => button(a, 'full'))}</div>

        {/* Narrow (phones, side columns): routes and new route, the rest in a menu. */}
        <div className="flex w-full items-center gap-1 @3xl:hidden">
          {primary.map((a) => button(a, 'short'))}
          <Menu.Root modal={false}>
            <Menu.Trigger
              className="ml-auto inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-gray-300 px-3 text-sm font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-gray-700 dark:hover:bg-gray-800"
              data-testid="toolbar-menu"
            >
              <MoreHorizontal className="size-4" aria-hidden />
              {t('routeModals.actions.menu')}
            </Menu.Trigger>
            <Menu.Portal>
              <Menu.Content align="end" sideOffset={6} className="z-[80] min-w-56 rounded-xl border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-800 dark:bg-gray-900">
                {more.map((a) => (
                  <Menu.Item
                    key={a.id}
                    disabled={disabled(a)}
                    onSelect={() => setDialog(a.id)}
                    data-action={a.id}
                    className={clsx(
                      'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-40 data-[highlighted]:bg-gray-100 dark:data-[highlighted]:bg-gray-800',
                      a.danger && 'text-red-700 dark:text-red-400',
                    )}
                  >
                    <a.icon className="size-4" aria-hidden />
                    {a.label}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Portal>
          </Menu.Root>
        </div>
      </div>

      {/* Each modal is mounted while open, so it starts from the current route every time. */}
      {dialog === 'select' ? <SelectRoutesModal open onOpenChange={openChange('select')} routes={routes} currentUuid={route?.uuid ?? null} onSelect={onSelectRoute} /> : null}
      {dialog === 'new' ? <RouteFormModal mode="new" open onOpenChange={openChange('new')} categoryId={category.id} onCreated={onRouteCreated} mapAddressOf={mapAddressOf} /> : null}
      {dialog === 'mobile' ? <MobileMapModal open onOpenChange={openChange('mobile')} categoryId={category.id} routeUuid={route?.uuid ?? null} /> : null}
      {route && dialog === 'edit' ? <RouteFormModal mode="edit" open onOpenChange={openChange('edit')} route={route} onUpdated={onRouteUpdated} mapAddressOf={mapAddressOf} /> : null}
      {route && dialog === 'status' ? <RouteStatusModal open onOpenChange={openChange('status')} route={route} onUpdated={onRouteUpdated} /> : null}
      {route && dialog === 'delete' ? (
        <DeleteRouteModal open onOpenChange={openChange('delete')} route={{ uuid: route.uuid, name: name ?? route.slug }} onDeleted={onRouteDeleted} />
      ) : null}
      {route && dialog === 'shareMap' ? <ShareModal open onOpenChange={openChange('shareMap')} page="map" route={route} category={category.slug} addressing={addressing} /> : null}
      {route && dialog === 'sharePage' ? <ShareModal open onOpenChange={openChange('sharePage')} page="landing" route={route} category={category.slug} addressing={addressing} /> : null}
    </div>
  )
}
