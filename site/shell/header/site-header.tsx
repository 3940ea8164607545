import { getContentSource } from '@/site/content/get-content-source';
import { LanguageList } from '../language/language-list';
import { Dropdown } from '../menu/dropdown';
import { MenuProvider } from '../menu/menu-context';
import { MobileMenuButton } from '../mobile/mobile-menu-button';
import { HeaderScroll } from '../scroll/header-scroll';
import { SearchPanel } from '../search/search-panel';
import { menuId } from './header-menus';
import { Logo } from '@/site/shell/logo';

const HEADER_ID = 'site-header';

/**
 * The header every page shares: top bar (wide screens), logo, mega-menu, search, the two
 * call-to-action buttons and, on narrow screens, the "Menu" button. Server-rendered; the
 * dropdown triggers, search and sidebar are the client islands. The large menus themselves
 * (mega-menu panels, industries, offices, the sidebar's sections) are fetched on intent.
 */
export async function SiteHeader() {
  const source = getContentSource();
  const [navigation, buttons, languages, searchLinks] = await Promise.all([
    source.navigation(),
    source.navigationButtons(),
    source.languages(),
    source.searchPanel(),
  ]);

  return (
    <div className="header-slot">
      <header className="site-header" id={HEADER_ID} data-scroll="none">
        <MenuProvider headerId={HEADER_ID}>
          <div className="top-bar">
            <div className="container top-bar__inner">
              <nav aria-label="Quick links" className="top-bar__links">
                <ul>
                  {navigation.topBar.map((link) => (
                    <li key={link.url}>
                      <a href={link.url}>{link.name}</a>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="top-bar__menus">
                <Dropdown
                  id="industries"
                  label="Industries"
                  panelClassName="topbar-dropdown topbar-dropdown--wide"
                  remote
                />
                <Dropdown
                  id="offices"
                  label="Offices"
                  panelClassName="topbar-dropdown topbar-dropdown--wide"
                  remote
                />
                <Dropdown
                  id="language"
                  label="Language"
                  panelClassName="topbar-dropdown topbar-dropdown--end"
                >
                  <LanguageList groups={languages} />
                </Dropdown>
              </div>
            </div>
          </div>
          <div className="main-bar">
            <div className="container main-bar__inner">
              <Logo />
              <nav aria-label="Main" className="mega-menu">
                <ul className="mega-menu__list">
                  {navigation.megaMenu.map((item) => (
                    <li key={item.url + item.name}>
                      {item.children ? (
                        <Dropdown
                          id={menuId(item.name)}
                          label={item.name}
                          panelClassName="mega-dropdown"
                          remote
                        />
                      ) : (
                        <a className="mega-menu__link" href={item.url}>
                          {item.name}
                        </a>
                      )}
                    </li>
                  ))}
                </ul>
              </nav>
              <SearchPanel links={searchLinks} />
              <div className="header-actions">
                <a className="button header-actions__primary" href={buttons.primary.url}>
                  {buttons.primary.text}
                </a>
                <a className="button button--ghost" href={buttons.secondary.url}>
                  {buttons.secondary.text}
                </a>
              </div>
              <MobileMenuButton buttons={buttons} />
            </div>
          </div>
        </MenuProvider>
      </header>
      <HeaderScroll targetId={HEADER_ID} />
    </div>
  );
}
