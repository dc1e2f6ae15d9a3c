import { describe, expect, it } from 'vitest';
import { paths, safeRedirect } from './paths.ts';

describe('redirectTo (issue 23)', () => {
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
    ])
      expect(safeRedirect(elsewhere), String(elsewhere)).toBeUndefined();
  });
});
