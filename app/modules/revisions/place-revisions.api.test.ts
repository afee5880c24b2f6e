import { describe, expect, it } from 'vitest'
import { manager } from '#app/modules/walks/walks.test-fixtures.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { whileRevisionsRefused } from '#tests/setup/refused-writes.ts'
import { packSnapshot, unpackSnapshot } from './revisions.repo.server.ts'

// A place's texts per content language (ADR 043) are part of its revisions (ADR 111): a save of
// them records what changed word by word, a restore brings them back (a language written since
// emptied), in the save's transaction.

describe.each(testDialects)('place revisions with texts on %s', (dialect) => {
  const { t, testDb } = useTestApi(dialect)

  async function placeWithTexts() {
    const owner = await manager(t)
    expect((await t.call('PUT', `/place-categories/${owner.category.id}`, { token: owner.token, body: { content_locales: ['fr', 'en', 'es'] } })).status).toBe(200)
    const created = await t.call('POST', '/places', { token: owner.token, body: { name: 'Cathédrale', lat: 46.52, lng: 6.63, place_category_id: owner.category.id } })
    return { owner, id: created.json.data.id as number }
  }
  const putTexts = (token: string, id: number, texts: Record<string, { name?: string | null; description?: string | null }>) => t.call('PUT', `/places/${id}/texts`, { token, body: { texts } })
  const revisions = async (token: string, id: number) => (await t.call('GET', `/places/${id}/revisions`, { token })).json.data

  it('records a texts save per language with a word-by-word difference, and a restore brings them back', async () => {
    const { owner, id } = await placeWithTexts()
    expect((await putTexts(owner.token, id, { fr: { description: 'La plus grande église du canton.' } })).status).toBe(200)
    const withFrench = (await revisions(owner.token, id))[0]
    expect(withFrench.changes).toEqual(['texts.fr'])
    expect((await putTexts(owner.token, id, { fr: { description: 'La plus belle église du canton.' }, es: { name: 'Catedral', description: 'La iglesia más grande.' } })).status).toBe(200)
    const listed = await revisions(owner.token, id)
    expect(listed.map((r: { changes: string[] }) => r.changes)).toEqual([['texts.es', 'texts.fr'], ['texts.fr'], ['created']])
    const detail = await t.call('GET', `/places/${id}/revisions/${listed[0].id}`, { token: owner.token })
    expect(detail.json.data.diff.texts).toEqual([
      { locale: 'es', field: 'name', parts: [{ op: 'ins', text: 'Catedral' }] },
      { locale: 'es', field: 'description', parts: [{ op: 'ins', text: 'La iglesia más grande.' }] },
      {
        locale: 'fr',
        field: 'description',
        parts: [
          { op: 'same', text: 'La plus ' },
          { op: 'del', text: 'grande ' },
          { op: 'ins', text: 'belle ' },
          { op: 'same', text: 'église du canton.' },
        ],
      },
    ])

    const restored = await t.call('POST', `/places/${id}/revisions/${withFrench.id}/restore`, { token: owner.token })
    expect(restored.status, JSON.stringify(restored.json)).toBe(200)
    expect(restored.json.data.revision_id).not.toBeNull()
    // The French text as it was, the Spanish written since emptied.
    expect((await t.call('GET', `/places/${id}/texts`, { token: owner.token })).json.data.texts).toEqual({ fr: { name: null, description: 'La plus grande église du canton.' } })
    const actions = await testDb.db.selectFrom('activity_log').select('action').where('item_id', '=', id).where('kind', '=', 'place').orderBy('id').execute()
    expect(actions.map((a) => a.action).at(-1)).toBe('place.version_restored')
    // Restoring it again changes nothing: no revision.
    expect((await t.call('POST', `/places/${id}/revisions/${withFrench.id}/restore`, { token: owner.token })).json.data.revision_id).toBeNull()
  })

  it('a rename keeps the texts in its revision, and a revision from before place texts leaves them as they are', async () => {
    const { owner, id } = await placeWithTexts()
    await putTexts(owner.token, id, { en: { name: 'Cathedral' } })
    expect((await t.call('PUT', `/places/${id}`, { token: owner.token, body: { name: 'Notre-Dame' } })).status).toBe(200)
    const [renamed] = await revisions(owner.token, id)
    expect(renamed.changes).toEqual(['name'])
    // A revision recorded before revisions kept a place's texts: its state had name and position only.
    const [{ id: created }] = (await revisions(owner.token, id)).slice(-1)
    const { snapshot } = await testDb.db.selectFrom('revisions').select('snapshot').where('id', '=', created).executeTakeFirstOrThrow()
    const { texts: _texts, ...old } = unpackSnapshot(snapshot) as { texts?: unknown }
    await testDb.db.updateTable('revisions').set({ snapshot: packSnapshot(old as never) }).where('id', '=', created).execute()
    const restored = await t.call('POST', `/places/${id}/revisions/${created}/restore`, { token: owner.token })
    expect(restored.status, JSON.stringify(restored.json)).toBe(200)
    expect((await t.call('GET', `/places/${id}`, { token: owner.token })).json.data.name).toBe('Cathédrale')
    expect((await t.call('GET', `/places/${id}/texts`, { token: owner.token })).json.data.texts).toEqual({ en: { name: 'Cathedral', description: null } })
  })

  it('a revision that cannot be written rolls the texts save back', async () => {
    const { owner, id } = await placeWithTexts()
    await putTexts(owner.token, id, { fr: { description: 'Avant' } })
    await whileRevisionsRefused(testDb, async () => {
      await expect(t.services.places.setTexts(owner.user, id, { texts: { fr: { description: 'Après' } } })).rejects.toThrow(/refused/)
    })
    expect((await t.call('GET', `/places/${id}/texts`, { token: owner.token })).json.data.texts).toEqual({ fr: { name: null, description: 'Avant' } })
  })
})
