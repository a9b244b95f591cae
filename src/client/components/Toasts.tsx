/** The toast area at the top centre, mounted once the toast library has loaded (see lib/notify.ts). */
import { useEffect, useState, type ComponentType } from 'react';
import { loadToasts } from '../lib/notify.ts';
import { whenIdle } from '../lib/when-idle.ts';

type ToasterProps = { position: 'top-center' };

export function Toasts() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => void loadToasts().then((m) => live && setToaster(() => m.Toaster));
    // After the page has started; a toast asked for earlier loads the library itself and shows on mount.
    const cancel = whenIdle(load);
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return Toaster ? <Toaster position="top-center" /> : null;
}
