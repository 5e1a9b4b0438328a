import { describe, expect, it } from 'vitest';
import { catalogueParams, catalogueQuery, compact, materialParams, newsKind, pageOf, withFilter, withoutFilters, withPage } from './list-params';

const qs = (s: string) => new URLSearchParams(s);

describe('list addresses', () => {
  it('reads filters, ignoring values the server would refuse', () => {
    expect(catalogueParams('all', qs('q=%20ethics%20&kind=elective&department=2&status=completed'))).toEqual({ q: 'ethics', kind: 'elective', department: '2', status: '' });
    expect(catalogueParams('mine', qs('kind=optional&status=completed'))).toEqual({ q: '', kind: '', department: '', status: 'completed' });
    expect(catalogueParams('recommended', qs('kind=elective')).kind).toBe('');
    expect(catalogueParams('search', qs(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
    expect(materialParams(qs('type=pdf&language=zh-Hant'))).toEqual({ q: '', type: 'pdf', language: 'zh-Hant' });
    expect(materialParams(qs('type=exe&language=fr'))).toEqual({ q: '', type: '', language: '' });
    expect(newsKind(qs('kind=highlight'))).toBe('highlight');
    expect(newsKind(qs('kind=gossip'))).toBe('');
  });

  it('reads the page, 1 when missing or malformed', () => {
    expect(pageOf('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '1.5', 'two']) expect(pageOf(bad)).toBe(1);
  });

  it('a filter change goes back to page 1; paging keeps the filters', () => {
    expect(withFilter(qs('kind=elective&page=4'), 'q', ' ethics ').toString()).toBe('kind=elective&q=ethics');
    expect(withFilter(qs('kind=elective&q=x&page=2'), 'kind', '').toString()).toBe('q=x');
    expect(withPage(qs('kind=elective'), 3).toString()).toBe('kind=elective&page=3');
    expect(withPage(qs('kind=elective&page=3'), 1).toString()).toBe('kind=elective');
    expect(withoutFilters(qs('kind=elective&q=x&page=2&other=1'), ['kind', 'q']).toString()).toBe('other=1');
  });

  it('leaves blank values out of a query', () => {
    expect(compact({ q: '', kind: 'elective', page: 1 })).toEqual({ kind: 'elective', page: 1 });
  });

  // The early script asks for a list address without a query before the app loads; the build writes
  // that request from this function (courses.first-reads.ts, ADR 088), so it is the page's own.
  it('asks for page 1 of 12 at a list address without a query', () => {
    for (const list of ['all', 'latest', 'ranking', 'recommended', 'mine'] as const) expect(catalogueQuery(list, qs(''))).toEqual({ page: 1, per_page: 12 });
  });
});
