import { THUMB_TARGETS } from '../tracking/thumb';

/**
 * What the driver's screen adds to the list's own styles (`ROW_STYLES`), for one thumb on a
 * 390 px phone: every control at least 44 × 44 px (`THUMB_TARGETS`) and 8 px from the next
 * (the lines' and grids' gap); a stop's links and its two actions as a grid of equal halves, wide
 * targets that do not wrap one by one; a delivered stop collapsed, in a quieter tone.
 */
export const DRIVER_STYLES = {
  ...THUMB_TARGETS,
  '& .ti-grid': {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '2',
    marginBottom: '3',
  },
  '& .ti-grid > .ti-button': { width: '100%' },
  '& li[data-done]': { bg: 'bg.subtle', paddingBlock: '3' },
  '& li[data-done] .ti-head': { alignItems: 'flex-start', marginBottom: 0 },
  '& .ti-done': { color: 'green.fg', fontWeight: 'medium' },
} as const;
