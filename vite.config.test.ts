import { type Alias, resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';

// One runtime: `vite build` and `npm run dev` resolve react and react-dom to Preact's
// compat layer, as the web tests do (src/web/app/runtime.test.ts checks the tests' side).

/** Where an import resolves under a config's aliases (Vite's matching: the id, or the id and `/…`). */
function aliasOf(aliases: readonly Alias[], id: string): string | undefined {
  for (const { find, replacement } of aliases) {
    if (typeof find === 'string') {
      if (id === find || id.startsWith(`${find}/`)) return replacement + id.slice(find.length);
    } else if (find.test(id)) return id.replace(find, replacement);
  }
  return undefined;
}

describe('vite.config.ts', () => {
  it.each(['build', 'serve'] as const)('runs the app on preact/compat in `vite %s`', async (command) => {
    const config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, command);
    const aliases = config.resolve.alias as Alias[];
    expect(aliasOf(aliases, 'react')).toBe('preact/compat');
    expect(aliasOf(aliases, 'react/jsx-runtime')).toBe('preact/jsx-runtime');
    expect(aliasOf(aliases, 'react-dom')).toBe('preact/compat');
    expect(aliasOf(aliases, 'react-dom/client')).toBe('preact/compat/client');
    expect(aliasOf(aliases, 'react-dom/server')).toBe('preact/compat/server');
  });
});
