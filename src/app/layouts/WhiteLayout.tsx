import { Outlet } from 'react-router-dom';
import { MAIN_ID, SkipLink } from './SkipLink.tsx';
import './layouts.css';

/** spec §2 "White layout": dataChart, h5/dataChart and userCenter, on a plain light page without the header. */
export function WhiteLayout() {
  return (
    <div className="td-white-layout" data-theme="light">
      <SkipLink />
      <main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
