import { X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** product §2: the close button goes back one step (home when the page was opened directly). */
export function CloseButton({ label }: { label: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      aria-label={label}
      onClick={() => {
        if (window.history.state && window.history.state.idx > 0) void navigate(-1);
        else void navigate(paths.home.to());
      }}
      className="flex size-11 shrink-0 items-center justify-center rounded-full border border-stone-200 bg-white text-stone-700 shadow-xs hover:bg-stone-50"
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  );
}
