import { nowIso, type DB } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'
import { notFound } from '#app/utils/errors.ts'
import { AvatarsRepo } from './avatars.repo.server.ts'
import { randomImageKey, type ImageProcessor } from '#app/platform/images/images.server.ts'
import type { Storage } from '#app/platform/storage/storage.server.ts'
import type { UploadReader } from './upload-form.server.ts'

/**
 * A user's profile picture. users.avatar_path holds the storage key; the public URL is made
 * where the user is shown (toPublicUser). Stored first, recorded second, old file removed last.
 */
export class Avatars {
  private readonly repo: AvatarsRepo

  constructor(private readonly deps: { db: DB; storage: Storage; images: ImageProcessor }) {
    this.repo = new AvatarsRepo(deps.db)
  }

  async set(user: User, read: UploadReader): Promise<User> {
    const image = await this.deps.images.process(read, 'avatar')
    const key = randomImageKey(`avatars/${user.id}`, 'avatar')
    await this.deps.storage.put(key, image.bytes, image.contentType)
    let previous: string | null
    try {
      previous = await this.swap(user.id, key)
    } catch (error) {
      await this.deleteFile(key)
      throw error
    }
    await this.deleteFile(previous)
    return (await this.repo.findUser(user.id))!
  }

  async remove(user: User): Promise<User> {
    await this.deleteFile(await this.swap(user.id, null))
    return (await this.repo.findUser(user.id))!
  }

  /** Sets the key and answers the one it replaced (guarded against concurrent uploads). */
  private async swap(userId: number, key: string | null): Promise<string | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.repo.findUser(userId)
      if (!current) throw notFound()
      if (await this.repo.swapAvatar(userId, current.avatar_path, key, nowIso())) return current.avatar_path
    }
    throw new Error(`user ${userId}: avatar kept changing under concurrent uploads`)
  }

  private async deleteFile(key: string | null): Promise<void> {
    // A file that cannot be removed must not fail a request whose record is already written.
    if (key) await this.deps.storage.delete(key).catch(() => undefined)
  }
}
