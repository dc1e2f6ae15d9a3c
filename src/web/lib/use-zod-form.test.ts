import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useZodForm } from './use-zod-form.ts';

const schema = z.object({
  name: z.string().trim().min(1, 'Please enter your name.'),
  age: z.string().transform(Number),
});

const change = (value: string) => ({ target: { name: 'name', value }, type: 'change' });

describe('useZodForm', () => {
  it('checks the fields with the schema at submit and hands over its output', async () => {
    const { result } = renderHook(() => useZodForm(schema, { defaultValues: { name: '', age: '7' } }));
    const valid = vi.fn();
    const invalid = vi.fn();
    await act(() => result.current.handleSubmit(valid, invalid)());
    expect(valid).not.toHaveBeenCalled();
    expect(invalid).toHaveBeenCalledOnce();
    expect(result.current.getFieldState('name').error?.message).toBe('Please enter your name.');

    act(() => result.current.setValue('name', '  Ana  '));
    await act(() => result.current.handleSubmit(valid, invalid)());
    expect(valid).toHaveBeenCalledWith({ name: 'Ana', age: 7 }, undefined);
  });

  it('checks nothing before the first submit, then each change', async () => {
    const { result } = renderHook(() => useZodForm(schema, { defaultValues: { name: 'Ana', age: '7' } }));
    const { onChange } = result.current.register('name');
    await act(() => onChange(change('')));
    expect(result.current.getFieldState('name').error).toBeUndefined();

    await act(() => result.current.handleSubmit(() => {})());
    expect(result.current.getFieldState('name').error?.message).toBe('Please enter your name.');
    await act(() => onChange(change('Bo')));
    expect(result.current.getFieldState('name').error).toBeUndefined();
    await act(() => onChange(change(' ')));
    expect(result.current.getFieldState('name').error?.message).toBe('Please enter your name.');
  });
});
