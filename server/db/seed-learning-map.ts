import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { courseEnrolments, learningMapAssignments, learningMapItems, learningMaps, offlineCourses, type LearningMapItemKind, type LocalizedText } from './schema';

// Issue 47 (ADR 098): the demo's learning maps. agent01 follows "Licensing essentials" (AML completed
// after its due day, Privacy expired, the Regulatory course whose failed quiz holds back the Ethics
// course after it) and has "Welcome to Agent Academy" finished in the history; "Product knowledge"
// is for manager01 to assign to agent02; the welcome map goes to every new joiner.

const DAY = 86_400_000;
const HK = 8 * 3_600_000;
/** The Hong Kong day of an instant, moved by whole days. */
const hkDay = (ms: number, days = 0) => new Date(ms + HK + days * DAY).toISOString().slice(0, 10);
const t = (en: string, zh: string, cn: string): LocalizedText => ({ en, zh, cn });

interface DemoItem {
  kind: LearningMapItemKind;
  /** A DEMO_COURSES key, or an offline course's English title. */
  course: string;
  requiresPrevious?: boolean;
  /** Days from the seed's HK today; null: the map's. */
  dueInDays?: number | null;
}

export async function seedLearningMaps(tx: Db, { courseIds, userId, now }: { courseIds: Map<string, number>; userId: (code: string) => number; now: number }) {
  const agent01 = userId('agent01');
  // AML was completed by agent01 at a moment the CPD seed chose: due three days before it, so it is late.
  const [aml] = await tx
    .select({ at: courseEnrolments.completedAt })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.userId, agent01), eq(courseEnrolments.courseId, courseIds.get('aml')!)));
  const amlDue = Math.round((Date.parse(`${hkDay(aml.at!.getTime(), -3)}T00:00:00Z`) - Date.parse(`${hkDay(now)}T00:00:00Z`)) / DAY);
  const offline = async (title: string) =>
    (await tx.select({ id: offlineCourses.id }).from(offlineCourses).where(sql`${offlineCourses.title} ->> 'en' = ${title}`))[0].id;

  const maps: { key: string; title: LocalizedText; description: LocalizedText; dueInDays: number | null; forNewJoiners?: boolean; items: DemoItem[] }[] = [
    {
      key: 'licensing',
      title: t('Licensing essentials 2026', '2026 年持牌必修', '2026 年持牌必修'),
      description: t('The compliance courses every licensed agent completes this year, in order.', '每位持牌代理人今年須依次完成的合規課程。', '每位持牌代理人今年须依次完成的合规课程。'),
      dueInDays: 30,
      items: [
        { kind: 'course', course: 'aml', dueInDays: amlDue },
        { kind: 'course', course: 'privacy', dueInDays: -2 },
        { kind: 'course', course: 'regulatory-2026', dueInDays: 10 },
        { kind: 'course', course: 'ethics', requiresPrevious: true },
        { kind: 'offline_course', course: 'Ethics Case Workshop', dueInDays: 20 },
      ],
    },
    {
      key: 'welcome',
      title: t('Welcome to Agent Academy', '歡迎來到 Agent Academy', '欢迎来到 Agent Academy'),
      description: t('Your first courses: how investment-linked plans and anti-money-laundering work.', '你的首批課程：投資相連計劃與打擊洗錢。', '你的首批课程：投资相连计划与打击洗钱。'),
      dueInDays: null,
      forNewJoiners: true,
      items: [
        { kind: 'course', course: 'ilas' },
        { kind: 'course', course: 'aml', requiresPrevious: true },
      ],
    },
    {
      key: 'products',
      title: t('Product knowledge', '產品知識', '产品知识'),
      description: t('Term, whole life and medical cover, one after the other.', '定期、終身及醫療保障，逐一學習。', '定期、终身及医疗保障，逐一学习。'),
      dueInDays: 45,
      items: [
        { kind: 'course', course: 'term-life' },
        { kind: 'course', course: 'whole-life', requiresPrevious: true },
        { kind: 'course', course: 'medical', requiresPrevious: true },
      ],
    },
  ];

  const ids = new Map<string, number>();
  for (const m of maps) {
    const [row] = await tx
      .insert(learningMaps)
      .values({ title: m.title, description: m.description, dueOn: m.dueInDays === null ? null : hkDay(now, m.dueInDays), forNewJoiners: m.forNewJoiners ?? false, createdAt: new Date(now - 60 * DAY) })
      .returning({ id: learningMaps.id });
    ids.set(m.key, row.id);
    let position = 0;
    for (const item of m.items) {
      position += 1;
      const target = item.kind === 'course' ? { courseId: courseIds.get(item.course)! } : { offlineCourseId: await offline(item.course) };
      await tx.insert(learningMapItems).values({
        mapId: row.id,
        position,
        kind: item.kind,
        ...target,
        requiresPrevious: item.requiresPrevious ?? false,
        dueOn: item.dueInDays === undefined || item.dueInDays === null ? null : hkDay(now, item.dueInDays),
      });
    }
  }
  await tx.insert(learningMapAssignments).values([
    { mapId: ids.get('licensing')!, userId: agent01, source: 'seed', assignedAt: new Date(now - 50 * DAY) },
    // Assigned after both courses were done: completions before the assignment count.
    { mapId: ids.get('welcome')!, userId: agent01, source: 'seed', assignedAt: new Date(now - 20 * DAY) },
  ]);
}
