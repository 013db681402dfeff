import { describe, expect, it } from 'vitest';
import { initialUiState, keepVisible, uiReducer } from './uiState.js';

describe('uiReducer', () => {
  it('moves focus list → detail → quote and back', () => {
    let s = uiReducer(initialUiState, { type: 'focusNext' });
    expect(s.focus).toBe('detail');
    s = uiReducer(s, { type: 'focusNext' });
    expect(s.focus).toBe('quote');
    expect(s.field).toBe('amount');
    expect(uiReducer(s, { type: 'focusNext' })).toBe(s);
    s = uiReducer(uiReducer(s, { type: 'focusBack' }), { type: 'focusBack' });
    expect(s.focus).toBe('list');
    expect(uiReducer(s, { type: 'focusBack' })).toBe(s);
  });
  it('cycles quote form fields both ways', () => {
    const s = { ...initialUiState, field: 'outcome' as const };
    expect(uiReducer(s, { type: 'moveField', delta: -1 }).field).toBe('action');
    expect(uiReducer(s, { type: 'moveField', delta: 1 }).field).toBe('amount');
  });
  it('opens, edits and closes the search draft', () => {
    let s = uiReducer(initialUiState, { type: 'openSearch', initial: 'ab' });
    expect(s.search?.value).toBe('ab');
    s = uiReducer(s, { type: 'editSearch', next: { value: 'abc', cursor: 3 } });
    expect(s.search).toEqual({ value: 'abc', cursor: 3 });
    expect(uiReducer(s, { type: 'closeSearch' }).search).toBeUndefined();
  });
  it('keeps the selected row visible with the least scrolling', () => {
    expect(keepVisible(0, 3, 5, 20)).toBe(0);
    expect(keepVisible(0, 5, 5, 20)).toBe(1);
    expect(keepVisible(10, 4, 5, 20)).toBe(4);
    expect(keepVisible(0, 19, 5, 20)).toBe(15);
    expect(keepVisible(18, 19, 5, 20)).toBe(15);
    expect(keepVisible(3, 0, 5, 2)).toBe(0);
  });
});
