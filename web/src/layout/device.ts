import { useEffect, useState } from 'react';
import { deviceBreakpoints, overlayLimits } from '../../../common/src/constants.ts';

/** Layout device classes by body width (spec 000 §2). */
export type DeviceClass = 'xs' | 'mobile' | 'tablet' | 'noBleed' | 'desktop';

/** xs up to 500; mobile up to the one-column breakpoint (750); tablet up to 1200; no-bleed up to the full content width; desktop above. */
export function deviceClassForWidth(width: number): DeviceClass {
  if (width <= deviceBreakpoints.xs) return 'xs';
  if (width <= deviceBreakpoints.mobile) return 'mobile';
  if (width <= deviceBreakpoints.tablet) return 'tablet';
  if (width <= deviceBreakpoints.noBleed) return 'noBleed';
  return 'desktop';
}

/**
 * The current device class, updated on resize (debounced 100 ms). The server render and the first
 * client render assume desktop; CSS media queries handle the first paint.
 */
export function useDeviceClass(): DeviceClass {
  const [device, setDevice] = useState<DeviceClass>('desktop');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const update = () =>
      setDevice(deviceClassForWidth(document.body.clientWidth || window.innerWidth));
    const handleResize = () => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(update, overlayLimits.resizeDebounceMs);
    };
    update();
    window.addEventListener('resize', handleResize);
    return () => {
      if (timer !== null) clearTimeout(timer);
      window.removeEventListener('resize', handleResize);
    };
  }, []);
  return device;
}
