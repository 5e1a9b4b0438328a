import type { ScormCommitResult, ScormRuntime } from '../../api/schemas/scorm.schema';
import type { ScormData } from './scorm.machine';

// Sample data for the SCORM launcher's tests and stories.

export function sampleRuntime(over: Partial<ScormRuntime> = {}): ScormRuntime {
  return {
    item_id: '5',
    launch_url: '/scorm/demo-12/index.html',
    version: '1.2',
    launch: 2,
    seq: 0,
    entry: 'resume',
    completion: 'incomplete',
    success: 'unknown',
    score: null,
    location: 'page-2',
    suspend_data: '{"seen":[1,2]}',
    cmi: '{}',
    counted_complete: false,
    ...over,
  };
}

export function sampleData(page: number, over: Partial<ScormData> = {}): ScormData {
  return {
    version: '1.2',
    completion: 'incomplete',
    success: 'unknown',
    score: null,
    location: `page-${page}`,
    suspend_data: `{"page":${page}}`,
    cmi: '{}',
    ...over,
  };
}

export const committed = (launch: number, seq: number, counted = false): ScormCommitResult => ({ launch, seq, stored: true, counted_complete: counted });
