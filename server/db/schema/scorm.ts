import { bigint, doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { SCORM_COMPLETION, SCORM_SUCCESS, SCORM_VERSIONS } from '../../../src/api/schemas/scorm.schema';
import { courseItems } from './courses';
import { users } from './users';

// SCORM course items (issue 13, ADR 029). Not used by any route yet (ADR 029 step 3): the tables
// are here so the next steps build on an agreed shape.

/** A file of a package as it was installed: only listed files are served (ADR 029). */
export interface ScormPackageFile {
  path: string;
  contentType: string;
}

/** An installed package: trusted content, unpacked under SCORM_DIR/<id>/, served same-origin. */
export const scormPackages = pgTable('scorm_packages', {
  /** A short name ([a-z0-9-]), also the folder and the URL segment: /scorm/<id>/… */
  id: text('id').primaryKey(),
  version: text('version', { enum: SCORM_VERSIONS }).notNull(),
  /** The SCO's launch file, from imsmanifest.xml. */
  launchFile: text('launch_file').notNull(),
  files: jsonb('files').$type<ScormPackageFile[]>().notNull(),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A course item that runs a package (the item's kind becomes `scorm` with ADR 029 step 3). */
export const scormItems = pgTable('scorm_items', {
  itemId: bigint('item_id', { mode: 'number' })
    .primaryKey()
    .references(() => courseItems.id, { onDelete: 'cascade' }),
  packageId: text('package_id')
    .notNull()
    .references(() => scormPackages.id),
});

/** One learner's data for one SCORM item: the newest commit by (launch, seq). */
export const scormRuntime = pgTable(
  'scorm_runtime',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    /** The newest launch the server started (GET runtime); a commit of a higher one is a 409. */
    startedLaunch: integer('started_launch').notNull().default(0),
    /** The (launch, seq) of the stored commit; (0, 0) before the first. */
    launch: integer('launch').notNull().default(0),
    seq: integer('seq').notNull().default(0),
    completion: text('completion', { enum: SCORM_COMPLETION }).notNull().default('not_attempted'),
    success: text('success', { enum: SCORM_SUCCESS }).notNull().default('unknown'),
    scoreRaw: doublePrecision('score_raw'),
    scoreMin: doublePrecision('score_min'),
    scoreMax: doublePrecision('score_max'),
    location: text('location').notNull().default(''),
    suspendData: text('suspend_data').notNull().default(''),
    /** The data model's JSON text as the runtime rendered it. */
    cmi: text('cmi').notNull().default('{}'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);
