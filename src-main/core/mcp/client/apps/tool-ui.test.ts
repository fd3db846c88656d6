import { describe, expect, it } from 'vitest';
import { toolUi } from './tool-ui';

describe('toolUi', () => {
  it.each([
    [{ ui: { resourceUri: 'ui://a/v.html' } }, { resourceUri: 'ui://a/v.html', appOnly: false }],
    [{ 'ui/resourceUri': 'ui://old/v.html' }, { resourceUri: 'ui://old/v.html', appOnly: false }],
    [{ ui: { visibility: ['app'] } }, { appOnly: true }],
    [{ ui: { visibility: ['model', 'app'] } }, { appOnly: false }],
    [{ ui: { visibility: [] } }, { appOnly: false }],
    [{ ui: { resourceUri: 'https://evil/v.html' } }, { appOnly: false }],
    [{ ui: 'garbage' }, { appOnly: false }],
    [undefined, { appOnly: false }],
  ])('%j → %j', (meta, out) => {
    expect(toolUi(meta)).toEqual(out);
  });
});
