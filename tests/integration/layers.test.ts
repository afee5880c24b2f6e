import fs from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// The layers (docs/architecture.md) are kept by lint: an import that runs up the layers fails
// `npm run lint`. Planted imports show the rule at work; the page names every folder it governs.

const root = path.resolve(import.meta.dirname, '../..')
let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

/** The layer rule's messages for a file at `file` holding `code`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message)
}

describe('the layers, kept by lint', () => {
  it.each([
    ['app/utils/planted.ts', "import { createDb } from '#app/db/db.server.ts'"],
    ['app/db/planted.ts', "import { logger } from '../platform/observability/logger.server.ts'"],
    ['app/platform/mail/planted.ts', "import { createRouter } from '#app/api/router.server.ts'"],
    ['app/api/planted.ts', "import { WalkService } from '#app/modules/walks/walks.service.server.ts'"],
    ['app/modules/geo/planted.ts', "import { slugify } from '#app/modules/addresses/slug.ts'"],
    ['app/modules/walks/planted.ts', "import { createServices } from '#app/services.server.ts'"],
    ['app/modules/walks/planted.ts', "import { Button } from '#app/components/ui/button.tsx'"],
    ['app/services.server.ts', "import { loader } from '#app/routes/manager/map.tsx'"],
    ['app/platform/mail/planted.ts', "export const later = () => import('../../modules/walks/walks.service.server.ts')"],
    ['app/modules/walks/planted.ts', "export const later = () => import('#app/services.server.ts')"],
  ])('refuses an upward import in %s', async (file, code) => {
    expect(await layerErrors(file, `${code}\nexport {}\n`)).toEqual([expect.stringMatching(/imports only the layers below it/)])
  })

  it.each([
    ['app/platform/mail/planted.ts', "import { createDb } from '#app/db/db.server.ts'"],
    ['app/api/planted.ts', "import { readCookie } from '#app/platform/http/cookies.ts'"],
    ['app/modules/geo/planted.ts', "import { pathLength } from './geo.ts'"],
    ['app/modules/walks/planted.ts', "import { pathLength } from '#app/modules/geo/geo.ts'"],
    ['app/modules/walks/planted.ts', "import { createRouter } from '#app/api/router.server.ts'"],
    ['app/api-routes.server.ts', "import { walksApi } from '#app/modules/walks/walks.api.server.ts'"],
    ['app/modules/walks/planted.ts', "export const later = () => import('#app/platform/mail/mailer.server.ts')"],
  ])('lets %s import a layer below', async (file, code) => {
    expect(await layerErrors(file, `${code}\nexport {}\n`)).toEqual([])
  })

  it('names every folder of the layers on the architecture page', () => {
    const page = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')
    const folders = ['app/modules', 'app/platform'].flatMap((dir) =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `${dir}/${e.name}/`),
    )
    expect(folders.filter((folder) => !page.includes(`\`${folder}\``))).toEqual([])
  })
})

describe('the kit’s buttons, kept by lint', () => {
  const rawButton = async (file: string) => {
    const [result] = await eslint.lintText('export function Planted() {\n  return <button type="button">x</button>\n}\n', { filePath: path.join(root, file) })
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
  }

  it.each(['app/components/map-editor/planted.tsx', 'app/components/public/planted.tsx', 'app/routes/manager/planted.tsx'])('refuses a raw <button> in %s', async (file) => {
    expect(await rawButton(file)).toEqual([expect.stringMatching(/Use the kit’s button/)])
  })

  it.each(['app/components/ui/planted.tsx', 'app/components/shell/toaster.tsx', 'app/components/map-editor/planted.test.tsx'])('lets %s draw one (the kit, the allow-list, a test)', async (file) => {
    expect(await rawButton(file)).toEqual([])
  })
})
