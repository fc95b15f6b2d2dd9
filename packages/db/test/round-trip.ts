import { expect, test } from "bun:test";
import type { MediaInfo, Rectangle } from "@wr/contracts";
import { eq, sql } from "drizzle-orm";
import { type Db, isUniqueViolation, users, videos } from "../src";

const media: MediaInfo = {
  container: "mov,mp4,m4a,3gp,3g2,mj2",
  width: 1920,
  height: 1080,
  duration: 12.5,
  fps: 29.97,
  frameRate: "30000/1001",
  frameCount: 375,
  videoCodec: "h264",
  hasAudio: true,
  audioCodec: "aac",
};

const rectangles: Rectangle[] = [
  { x: 10, y: 20, width: 200, height: 80, startTime: 0, endTime: null },
  { x: 1700, y: 980, width: 180, height: 60, startTime: 1.5, endTime: 7.25 },
];

/** Row round-trip tests shared by both drivers; `getDb` is called once the database is open. */
export function roundTripTests(getDb: () => Db): void {
  test("a user and a video with media and rectangles read back with their types intact", async () => {
    const db = getDb();
    const email = `${crypto.randomUUID()}@example.com`;
    const [user] = await db
      .insert(users)
      .values({ name: "Ayesha", email, passwordHash: "hash" })
      .returning();
    if (!user) throw new Error("no user returned");
    expect(user).toMatchObject({ role: "user", subscription: "free", credits: 0, isActive: true });
    expect(user.createdAt).toBeInstanceOf(Date);

    const completedAt = new Date("2030-01-02T03:04:05.678Z");
    const [inserted] = await db
      .insert(videos)
      .values({
        userId: user.id,
        originalFilename: "clip.mp4",
        uploadFilename: `${crypto.randomUUID()}.mp4`,
        sizeBytes: 5_000_000_000,
        media,
        method: "delogo",
        rectangles,
        watermarkCount: rectangles.length,
        processingTime: 3.5,
        completedAt,
      })
      .returning({ id: videos.id });
    if (!inserted) throw new Error("no video returned");

    const video = await db.query.videos.findFirst({
      where: eq(videos.id, inserted.id),
      with: { user: true },
    });
    expect(video?.media).toEqual(media);
    expect(video?.rectangles).toEqual(rectangles);
    expect(video?.sizeBytes).toBe(5_000_000_000);
    expect(video?.processingTime).toBe(3.5);
    expect(video?.status).toBe("uploaded");
    expect(video?.createdAt).toBeInstanceOf(Date);
    expect(video?.completedAt).toEqual(completedAt);
    expect(video?.startedAt).toBeNull();
    expect(video?.user?.email).toBe(email);

    // Stored as JSON objects, not as JSON strings: SQL can look inside them.
    const [inside] = await db
      .select({ codec: sql<string>`${videos.media}->>'videoCodec'` })
      .from(videos)
      .where(eq(videos.id, inserted.id));
    expect(inside?.codec).toBe(media.videoCodec);
  });

  test("a second user with the same email is refused as a unique violation", async () => {
    const db = getDb();
    const email = `${crypto.randomUUID()}@example.com`;
    await db.insert(users).values({ name: "First", email, passwordHash: "hash" });
    const second = db.insert(users).values({ name: "Second", email, passwordHash: "hash" });
    const error = await second.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(isUniqueViolation(error, "users_email_unique")).toBe(true);
    expect(isUniqueViolation(error, "videos_upload_filename_unique")).toBe(false);
  });

  test("a value outside a column's allowed set is refused by the database", async () => {
    const db = getDb();
    const insert = db.insert(users).values({
      name: "Bad",
      email: `${crypto.randomUUID()}@example.com`,
      passwordHash: "hash",
      role: "root" as "user",
    });
    await expect(insert.execute()).rejects.toThrow();
  });
}
