import { useTranslation } from 'react-i18next'
import { ScreenHeader } from '#app/components/screen-header.tsx'

export default function Screen() {
  const { t } = useTranslation()
  return <ScreenHeader title={t('nav.landingList')} description={t('screens.landingList')} />
}
