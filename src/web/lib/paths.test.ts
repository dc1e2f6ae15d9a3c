import { describe, expect, it } from 'vitest';
import { paths, safeRedirect } from './paths.ts';

describe('redirectTo', () => {
  it('rides along to the sign-in pages', () => {
    expect(paths.auth.to()).toBe('/auth');
    expect(paths.auth.to('/jobs?x=1')).toBe('/auth?redirectTo=%2Fjobs%3Fx%3D1');
    expect(paths.vendorAuth.to('/vendor/dashboard')).toBe('/vendor/auth?redirectTo=%2Fvendor%2Fdashboard');
  });

  it('is kept only as a path of this site', () => {
    expect(safeRedirect('/jobs')).toBe('/jobs');
    expect(safeRedirect('/booking/ABC234?token=x#top')).toBe('/booking/ABC234?token=x#top');
    for (const elsewhere of [
      null,
      undefined,
      '',
      'jobs',
      '//evil.example/jobs',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/ /evil.example',
      '/\t/evil.example',
      '/.//evil.example',
      '/..//evil.example',
      '/./..//evil.example/jobs',
      '/a/../..//evil.example',
    ])
      expect(safeRedirect(elsewhere), String(elsewhere)).toBeUndefined();
  });

  it('stays on the site after normalising, whatever dot segments the path carries', () => {
    const site = 'https://barrio.example';
    for (const tricky of [
      '/./jobs',
      '/a/../jobs',
      '/.//evil.example',
      '/%2e//evil.example',
      '/.%2F/evil.example',
    ]) {
      const kept = safeRedirect(tricky);
      if (kept !== undefined) expect(new URL(kept, site).origin, tricky).toBe(site);
    }
    expect(safeRedirect('/a/../jobs')).toBe('/jobs');
  });
});
