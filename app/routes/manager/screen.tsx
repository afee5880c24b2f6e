import { useTranslation } from 'react-i18next'
import { useMatches } from 'react-router'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { managerScreens } from '../layouts/manager-nav.ts'

/**
 * The manager screens whose own modules are not built yet share this page: it names the screen
 * and what it is for. Each is replaced by its module as that part of the product lands.
 */
export default function ManagerScreen() {
  const { t } = useTranslation()
  const id = useMatches().at(-1)?.id
  const screen = managerScreens.find((s) => s.key === id)
  if (!screen) return null
  return <ScreenHeader title={t(`nav.${screen.key}`)} description={t(`screens.${screen.key}`)} />
}
