import { useEffect, useLayoutEffect, type PointerEvent as ReactPointerEvent } from 'react';

/** How close to the top or bottom of the screen a dragged stop makes the page scroll (px). */
const EDGE = 80;
/** How far the pointer goes before a press on the handle is a drag (a tap moves nothing). */
const THRESHOLD = 8;

interface Drag {
  id: string;
  handle: HTMLElement;
  item: HTMLElement;
  list: HTMLElement;
  pointer: number;
  startY: number;
  startScroll: number;
  y: number;
  /** The stop it would be dropped in front of (null: the end of the route). */
  before: string | null;
  marked: HTMLElement | null;
  frame: number;
  moved: boolean;
}

/** One drag at a time, on the elements directly (no redraw by React per move). */
class StopDragger {
  private drag: Drag | null = null;
  /** A dropped stop held where it was let go until the list is drawn in its new order. */
  private settling: { item: HTMLElement; timer: ReturnType<typeof setTimeout> } | null = null;
  /**
   * What the screen does with a drop (set after each render: it reads the screen's state): true
   * when the order changed and the list will be drawn again.
   */
  onDrop: (id: string, before: string | null) => boolean = () => false;

  /** Place the dragged stop under the pointer and mark where it would land. */
  private follow() {
    const d = this.drag;
    if (!d) return;
    // The stop left the list meanwhile (delivered on another phone, taken away): no drop.
    if (!d.item.isConnected) {
      this.end(false);
      return;
    }
    const dy = d.y - d.startY + (window.scrollY - d.startScroll);
    d.item.style.transform = `translateY(${dy}px)`;
    let before: string | null = null;
    let mark: HTMLElement = d.list;
    for (const sibling of Array.from(d.list.children) as HTMLElement[]) {
      if (sibling === d.item) continue;
      const box = sibling.getBoundingClientRect();
      if (d.y < box.top + box.height / 2) {
        before = sibling.dataset.stop ?? null;
        mark = sibling;
        break;
      }
    }
    d.before = before;
    if (d.marked !== mark) {
      d.marked?.removeAttribute('data-drop');
      mark.setAttribute('data-drop', mark === d.list ? 'end' : 'before');
      d.marked = mark;
    }
  }

  /** While the pointer rests near an edge, the page keeps scrolling. */
  private readonly scrollNearEdges = () => {
    const d = this.drag;
    if (!d) return;
    const bottom = window.innerHeight - EDGE;
    const speed = d.y < EDGE ? -(EDGE - d.y) / 4 : d.y > bottom ? (d.y - bottom) / 4 : 0;
    if (speed) {
      window.scrollBy(0, speed);
      this.follow();
    }
    d.frame = requestAnimationFrame(this.scrollNearEdges);
  };

  end(drop: boolean) {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    cancelAnimationFrame(d.frame);
    d.item.removeAttribute('data-dragging');
    d.marked?.removeAttribute('data-drop');
    if (d.handle.hasPointerCapture(d.pointer)) d.handle.releasePointerCapture(d.pointer);
    // A stop let go in a new place stays there until the list is drawn in its new order (it is
    // kept on the device first): it never jumps back to where it was for a moment.
    if (drop && d.moved && d.item.isConnected && this.onDrop(d.id, d.before)) {
      this.settle();
      this.settling = { item: d.item, timer: setTimeout(() => this.settle(), 2000) };
    } else d.item.style.transform = '';
  }

  /** The list was drawn (in the new order, or not): a dropped stop stands in its own place. */
  settle() {
    if (!this.settling) return;
    clearTimeout(this.settling.timer);
    this.settling.item.style.transform = '';
    this.settling = null;
  }

  /** The handle's props for one stop. */
  readonly handleProps = (id: string) => ({
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
      if (this.drag || (e.pointerType === 'mouse' && e.button !== 0)) return;
      const handle = e.currentTarget;
      const item = handle.closest('li');
      const list = item?.parentElement;
      if (!item || !list) return;
      e.preventDefault();
      handle.setPointerCapture(e.pointerId);
      this.drag = {
        id,
        handle,
        item,
        list,
        pointer: e.pointerId,
        startY: e.clientY,
        startScroll: window.scrollY,
        y: e.clientY,
        before: null,
        marked: null,
        frame: 0,
        moved: false,
      };
    },
    onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
      const d = this.drag;
      if (d?.pointer !== e.pointerId) return;
      d.y = e.clientY;
      if (!d.moved) {
        if (Math.abs(d.y - d.startY) < THRESHOLD) return;
        d.moved = true;
        d.item.setAttribute('data-dragging', '');
        d.frame = requestAnimationFrame(this.scrollNearEdges);
      }
      this.follow();
    },
    onPointerUp: (e: ReactPointerEvent<HTMLElement>) => {
      if (this.drag?.pointer === e.pointerId) this.end(true);
    },
    onPointerCancel: () => this.end(false),
    // The browser took the pointer away (the handle left the page): the drag ends, untouched.
    onLostPointerCapture: () => this.end(false),
  });
}

/** One list of stops is on screen at a time, and one finger drags. */
const dragger = new StopDragger();

/**
 * Drag a stop to its place, with a finger or a mouse, by the handle on each stop ('Subir' and
 * 'Descer' stay for the keyboard and screen readers). The stop follows the pointer, the stop it
 * would land in front of is marked, and the page scrolls near the screen's edges so a stop can
 * cross a long route. `onDrop` is called once, with the stop and the one it now precedes (null:
 * the end); `order` is the route as drawn (its ids joined). Returns the handle's props for a stop, the same function for the screen's life.
 */
export function useDragStops(
  onDrop: (id: string, before: string | null) => boolean,
  order: string,
) {
  useEffect(() => {
    dragger.onDrop = onDrop;
  });
  // Before the paint of the list in its new order.
  useLayoutEffect(() => dragger.settle(), [order]);
  useEffect(
    () => () => {
      dragger.end(false);
      dragger.settle();
    },
    [],
  );
  return dragger.handleProps;
}
