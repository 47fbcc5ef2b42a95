import '../test/setup';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { Appear, Fade, FADE_DURATION_MS } from './transitions';

describe('transitions', () => {
  test('Appear wraps children with the appear animation', () => {
    render(<Appear>hello</Appear>);
    expect(screen.getByText('hello')).toHaveClass('appear');
  });

  test('Fade fades in, fades out, then unmounts', () => {
    vi.useFakeTimers();
    const { rerender } = render(<Fade show={false}>box</Fade>);
    expect(screen.queryByText('box')).toBeNull();
    rerender(<Fade show>box</Fade>);
    expect(screen.getByText('box')).toHaveClass('fade-in');
    rerender(<Fade show={false}>box</Fade>);
    expect(screen.getByText('box')).toHaveClass('fade-out');
    act(() => void vi.advanceTimersByTime(FADE_DURATION_MS - 1));
    expect(screen.getByText('box')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('box')).toBeNull();
  });

  test('showing again while fading out cancels the exit', () => {
    vi.useFakeTimers();
    const { rerender } = render(<Fade show>box</Fade>);
    rerender(<Fade show={false}>box</Fade>);
    rerender(<Fade show>box</Fade>);
    act(() => void vi.advanceTimersByTime(FADE_DURATION_MS * 2));
    expect(screen.getByText('box')).toHaveClass('fade-in');
  });
});
