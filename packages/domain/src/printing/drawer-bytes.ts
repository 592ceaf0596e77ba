/**
 * ESC p m t1 t2: a pulse on the cash drawer's connector pin m (0: pin 2, 1: pin 5), on for t1×2 ms, off for
 * t2×2 ms; a printer with two drawers gets pin 5 too. The server sends it to the register's printer after a
 * cash sale; an offline register sends the same bytes through the print bridge.
 */
export const drawerKickBytes = (drawers: number): Uint8Array =>
  Uint8Array.from([
    ...[0x1b, 0x70, 0x00, 0x19, 0xfa],
    ...(drawers > 1 ? [0x1b, 0x70, 0x01, 0x19, 0xfa] : []),
  ]);
