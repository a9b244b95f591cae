/** The toast area at the top centre, mounted once the toast library has loaded (see lib/notify.ts). */
import { useEffect, useState, type ComponentType } from 'react';
import { loadToasts, whenToastsLoad } from '../lib/notify.ts';
import { whenEngaged } from '../lib/when-engaged.ts';

type ToasterProps = { position: 'top-center' };

export function Toasts() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => void loadToasts().then((m) => live && setToaster(() => m.Toaster), () => undefined);
    // At the visitor's first sign of use; a toast asked for before that (a deep link's lookup) loads it as well.
    const stops = [whenEngaged(load), whenToastsLoad(load)];
    return () => {
      live = false;
      for (const stop of stops) stop();
    };
  }, []);
  return Toaster ? <Toaster position="top-center" /> : null;
}
