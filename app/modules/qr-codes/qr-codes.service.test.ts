import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApi } from '#tests/setup/test-app.ts'
import { createTestDb, testDialects, type TestDb } from '#tests/setup/test-db.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { QrCodesRepo } from './qr-codes.repo.server.ts'
import { QrCodeService } from './qr-codes.service.server.ts'
import { CODE_ALPHABET, CODE_LENGTH, distinctCodes, randomCode } from './random-code.ts'

describe('random codes', () => {
  it('are 8 characters of the unambiguous alphabet', () => {
    expect(CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/)
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/)
    const seen = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      const code = randomCode()
      expect(code).toHaveLength(CODE_LENGTH)
      for (const char of code) seen.add(char)
    }
    expect([...seen].sort().join('')).toBe([...CODE_ALPHABET].sort().join(''))
  })

  it('come out distinct and avoid the ones named', () => {
    const avoid = new Set(distinctCodes(50))
    const codes = distinctCodes(300, avoid)
    expect(new Set(codes).size).toBe(300)
    expect(codes.some((c) => avoid.has(c))).toBe(false)
  })
})

describe.each(testDialects)('QrCodeService on %s', (dialect) => {
  let testDb: TestDb
  let t: ReturnType<typeof createTestApi>

  beforeAll(async () => {
    testDb = await createTestDb(dialect)
    t = createTestApi(testDb)
  })
  afterAll(async () => {
    await testDb.destroy()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })
  /** The service as the app builds it, drawing the codes given (then real ones), each draw recorded. */
  function drawing(...draws: string[][]) {
    const calls: unknown[][] = []
    const drawCodes = (count: number, avoid?: ReadonlySet<string>) => (calls.push([count, avoid]), draws.shift() ?? distinctCodes(count, avoid))
    const s = t.services
    return { service: new QrCodeService({ db: s.db, config: s.config, categories: s.categories, places: s.places, images: s.qrImages, drawCodes }), calls }
  }

  const setup = async () => {
    const { user } = await createUser(t.services)
    return { user, category: await createCategory(t.services, user) }
  }

  it('draws again the codes of a batch that are already taken', async () => {
    const { user, category } = await setup()
    await t.services.qrCodes.create(user, { place_category_id: category.id, code: 'TAKEN234' })
    const { service, calls } = drawing(['TAKEN234', 'FRESH234'], ['FRESH567'])
    const created = await service.createBatch(user, { place_category_id: category.id, count: 2, name_prefix: 'P' })
    expect(created.map((q) => [q.code, q.name])).toEqual([
      ['FRESH234', 'P 1'],
      ['FRESH567', 'P 2'],
    ])
    expect(calls[1]).toEqual([1, new Set(['TAKEN234', 'FRESH234'])])
  })

  it('retries the whole batch when a concurrent insert takes a code first, leaving no half batch', async () => {
    const { user, category } = await setup()
    await t.services.qrCodes.create(user, { place_category_id: category.id, code: 'RACE2345' })
    // The pre-check misses the code (as if it was inserted just after it): the unique index refuses.
    vi.spyOn(QrCodesRepo.prototype, 'takenCodes').mockResolvedValueOnce(new Set())
    const { service } = drawing(['WIN23456', 'RACE2345'], ['WIN34567', 'WIN45678'])
    const created = await service.createBatch(user, { place_category_id: category.id, count: 2 })
    expect(created.map((q) => q.code)).toEqual(['WIN34567', 'WIN45678'])
    const codes = await testDb.db.selectFrom('qr_codes').select('code').where('category_id', '=', category.id).orderBy('id').execute()
    expect(codes.map((r) => r.code)).toEqual(['RACE2345', 'WIN34567', 'WIN45678'])
  })

  it('reports a chosen code taken by a concurrent insert as a 422 on code', async () => {
    const { user, category } = await setup()
    await t.services.qrCodes.create(user, { place_category_id: category.id, code: 'MINE' })
    vi.spyOn(QrCodesRepo.prototype, 'takenCodes').mockResolvedValueOnce(new Set())
    await expect(t.services.qrCodes.create(user, { place_category_id: category.id, code: 'MINE' })).rejects.toMatchObject({
      status: 422,
      fieldErrors: { code: [{ key: 'errors.qr_code_taken' }] },
    })
  })
})
