import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_PART_RETRY_MS, lazyPart } from './lazy-part';

// ADR 071: a closed part (a modal, the side drawer) loads its code only once wanted or preloaded,
// draws in the render after it arrives, and asks again while wanted when the network failed.
function Part({ label }: { label: string }) {
  return <p>{label}</p>;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function host(part: ReturnType<typeof lazyPart<{ label: string }>>) {
  return function Host({ open }: { open: boolean }) {
    const Loaded = part.useLoaded(open);
    return Loaded ? <Loaded label="the part" /> : null;
  };
}

afterEach(() => vi.useRealTimers());

describe('lazyPart (ADR 071)', () => {
  it('loads nothing while closed; once wanted, loads once and draws when the code arrives', async () => {
    const arrival = deferred<typeof Part>();
    const load = vi.fn(() => arrival.promise);
    const Host = host(lazyPart(load));
    const view = render(<Host open={false} />);
    expect(load).not.toHaveBeenCalled();
    view.rerender(<Host open />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('the part')).toBeNull();
    await act(async () => arrival.resolve(Part));
    expect(screen.getByText('the part')).toBeInTheDocument();
    // Closed and opened again: drawn in the same render, never loaded twice.
    view.rerender(<Host open={false} />);
    view.rerender(<Host open />);
    expect(screen.getByText('the part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a preloaded part draws in the very render that first wants it', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const part = lazyPart(load);
    await part.preload();
    await part.preload();
    const Host = host(part);
    render(<Host open />);
    expect(screen.getByText('the part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again while wanted after a failed load, and draws once the code arrives', async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Part);
    const Host = host(lazyPart(load));
    render(<Host open />);
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('the part')).toBeNull();
    await act(async () => vi.advanceTimersByTime(LAZY_PART_RETRY_MS - 1));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('the part')).toBeInTheDocument();
  });

  it('a failed preload is forgotten: the next call loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Part);
    const part = lazyPart(load);
    await expect(part.preload()).rejects.toThrow('offline');
    await expect(part.preload()).resolves.toBe(Part);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
