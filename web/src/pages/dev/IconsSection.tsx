import * as kit from '../../kit';
import { Specimen, State } from './Specimen';

const ICONS = Object.entries(kit).filter(([name, value]) => name.endsWith('Icon') && name !== 'ToastIcon' && typeof value === 'function') as Array<[string, kit.IconComponent]>;

/** Every icon of the kit with its name (lucide underneath). */
export function IconsSection() {
  return (
    <Specimen id="icons" title="Icons" use="SVG icons (lucide) that follow the text's size and colour; never an emoji as an icon.">
      <State label={`${ICONS.length} icons`} wide>
        <ul className="kit-icon-grid">
          {ICONS.map(([name, Icon]) => (
            <li key={name} className="icon-tile">
              <Icon />
              <code className="small">{name.replace(/Icon$/, '')}</code>
            </li>
          ))}
          <li className="icon-tile">
            <kit.Spinner title="" />
            <code className="small">Spinner</code>
          </li>
        </ul>
      </State>
    </Specimen>
  );
}
