/**
 * A driver's phone, used one-handed in a van (often with gloves): every control at least
 * 44 × 44 CSS px. Set on a dialog's content by the driver's screen (`thumb`), so the dialogs it
 * shares with the office (the fields, the photo button, the dialog's own buttons) need no size of
 * their own and stay as they were on the office's screens. Hidden inputs (a radio's, a file's)
 * are not targets: their labels and buttons are.
 */
export const THUMB_TARGETS = {
  '& :is(button, a[href], select, input:not([type=hidden], [type=radio], [type=checkbox], [type=file]))':
    { minHeight: '11', minWidth: '11' },
} as const;
