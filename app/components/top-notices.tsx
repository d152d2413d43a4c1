/** @module The new-version banner and notices such as "Error 403", above the page content. */
import { NoticeList } from './feedback';
import { VersionBanner } from './version-banner';

export function TopNotices() {
  return (
    <>
      <VersionBanner />
      <NoticeList />
    </>
  );
}
