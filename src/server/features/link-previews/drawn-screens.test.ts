import { describe, expect, it } from 'vitest';
import type { RenderScreen } from '../../lib/web-app.ts';
import { drawScreen, MAX_DRAWN_SCREENS } from './drawn-screens.ts';

// Drawn screens are kept by address and answers (decision 029's render, run once per page).

function countingRender(fail = false) {
  const asked: string[] = [];
  const render: RenderScreen = async (url, bodies) => {
    asked.push(url);
    if (fail) throw new Error('the render failed');
    return { markup: `<p>${url} ${JSON.stringify(Object.fromEntries(bodies))}</p>`, language: 'en' };
  };
  return { render, asked };
}

const answers = (json: string) => [['/api/vendors?limit=12&offset=0', json] as const];
const bodies = (json: string) => new Map([['/api/vendors?limit=12&offset=0', JSON.parse(json) as unknown]]);

describe('drawScreen', () => {
  it('draws a page once for the same address and answers, and again when either changes', async () => {
    const { render, asked } = countingRender();
    const first = await drawScreen(render, '/vendors', answers('{"total":1}'), bodies('{"total":1}'));
    const again = await drawScreen(render, '/vendors', answers('{"total":1}'), bodies('{"total":1}'));
    expect(again).toBe(first);
    expect(asked).toEqual(['/vendors']);

    const changed = await drawScreen(render, '/vendors', answers('{"total":2}'), bodies('{"total":2}'));
    expect(changed.markup).toBe('<p>/vendors {"/api/vendors?limit=12&offset=0":{"total":2}}</p>');
    await drawScreen(render, '/vendors?category=pets', answers('{"total":2}'), bodies('{"total":2}'));
    expect(asked).toEqual(['/vendors', '/vendors', '/vendors?category=pets']);
  });

  it('shares one render between visits at once', async () => {
    const { render, asked } = countingRender();
    const [a, b] = await Promise.all([
      drawScreen(render, '/', answers('[]'), bodies('[]')),
      drawScreen(render, '/', answers('[]'), bodies('[]')),
    ]);
    expect(a).toBe(b);
    expect(asked).toHaveLength(1);
  });

  it('keeps no failed render, and only the latest pages', async () => {
    const failing = countingRender(true);
    for (let i = 0; i < 2; i++)
      await expect(drawScreen(failing.render, '/', answers('[]'), bodies('[]'))).rejects.toThrow('failed');
    expect(failing.asked).toHaveLength(2);

    const { render, asked } = countingRender();
    await drawScreen(render, '/page-0', answers('[]'), bodies('[]'));
    for (let i = 1; i <= MAX_DRAWN_SCREENS; i++)
      await drawScreen(render, `/page-${i}`, answers('[]'), bodies('[]'));
    // /page-0 was the least recently used of 101: it is drawn again; /page-100 is still kept.
    await drawScreen(render, '/page-0', answers('[]'), bodies('[]'));
    await drawScreen(render, `/page-${MAX_DRAWN_SCREENS}`, answers('[]'), bodies('[]'));
    expect(asked.filter((url) => url === '/page-0')).toHaveLength(2);
    expect(asked.filter((url) => url === `/page-${MAX_DRAWN_SCREENS}`)).toHaveLength(1);
  });
});
