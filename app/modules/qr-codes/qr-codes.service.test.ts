import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApi } from '#tests/setup/test-app.ts'
import { createTestDb, testDialects, type TestDb } from '#tests/setup/test-db.ts'
import { createCategory, createUser } from '#tests/setup/factories.ts'
import { QrCodesRepo } from './qr-codes.repo.server.ts'
import { CODE_ALPHABET, CODE_LENGTH, randomCode } from './random-code.ts'
import * as randomCodes from './random-code.ts'

type RandomCodes = typeof randomCodes

vi.mock('./random-code.ts', async (importOriginal) => {
  const actual = await importOriginal<RandomCodes>()
  return { ...actual, distinctCodes: vi.fn(actual.distinctCodes) }
})

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

  it('come out distinct and avoid the ones named', async () => {
    const { distinctCodes: real } = await vi.importActual<RandomCodes>('./random-code.ts')
    const avoid = new Set(real(50))
    const codes = real(300, avoid)
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
    vi.mocked(randomCodes.distinctCodes).mockReset()
  })

  const setup = async () => {
    const { user } = await createUser(t.services)
    return { user, category: await createCategory(t.services, user) }
  }

  it('draws again the codes of a batch that are already taken', async () => {
    const { user, category } = await setup()
    await t.services.qrCodes.create(user, { place_category_id: category.id, code: 'TAKEN234' })
    vi.mocked(randomCodes.distinctCodes).mockReturnValueOnce(['TAKEN234', 'FRESH234']).mockReturnValueOnce(['FRESH567'])
    const created = await t.services.qrCodes.createBatch(user, { place_category_id: category.id, count: 2, name_prefix: 'P' })
    expect(created.map((q) => [q.code, q.name])).toEqual([
      ['FRESH234', 'P 1'],
      ['FRESH567', 'P 2'],
    ])
    expect(vi.mocked(randomCodes.distinctCodes).mock.calls[1]).toEqual([1, new Set(['TAKEN234', 'FRESH234'])])
  })

  it('retries the whole batch when a concurrent insert takes a code first, leaving no half batch', async () => {
    const { user, category } = await setup()
    await t.services.qrCodes.create(user, { place_category_id: category.id, code: 'RACE2345' })
    // The pre-check misses the code (as if it was inserted just after it): the unique index refuses.
    vi.spyOn(QrCodesRepo.prototype, 'takenCodes').mockResolvedValueOnce(new Set())
    vi.mocked(randomCodes.distinctCodes).mockReturnValueOnce(['WIN23456', 'RACE2345']).mockReturnValueOnce(['WIN34567', 'WIN45678'])
    const created = await t.services.qrCodes.createBatch(user, { place_category_id: category.id, count: 2 })
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
