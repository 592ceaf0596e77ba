import { groupedHours } from '../format';
import type { SiteData } from '../load';
import { phoneHref, phoneText } from '../markup';
import { upcomingSpecialRows } from '../special-hours';
import { socialLinks } from './chrome';

/** The home page's visit section: address, weekly and special hours, contact. */

export function Location({ data }: { data: SiteData }) {
  const settings = data.effective.components.locationSection;
  if (!settings.enabled) return null;
  const { address } = data.restaurant;
  const oneLine = `${address.street}, ${address.city}, ${address.state} ${address.zipCode}`;
  const directions = `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${oneLine}, ${address.country}`)}`;
  return (
    <section className="section section-alt" id="visit" aria-labelledby="visit-title">
      <div className="wrap">
        <div className="section-head">
          <div>
            <p className="eyebrow">Visit</p>
            <h2 id="visit-title">Find us</h2>
          </div>
        </div>
        <div className="visit">
          <div className="card">
            <h3>Address</h3>
            <address>
              {address.street}
              <br />
              {address.city}, {address.state} {address.zipCode}
            </address>
            {settings.showMap ? (
              <a href={directions} rel="noopener" target="_blank">
                Get directions
              </a>
            ) : null}
          </div>
          {settings.showHours ? (
            <div className="card">
              <h3>Hours</h3>
              <table className="hours">
                <tbody>
                  {groupedHours(data.restaurant.operatingHours).map((row) => (
                    <tr key={row.days}>
                      <th scope="row">{row.days}</th>
                      <td>{spanLines(row.hours)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <SpecialHoursList data={data} />
            </div>
          ) : null}
          <ContactCard data={data} />
        </div>
      </div>
    </section>
  );
}

export function ContactCard({ data }: { data: SiteData }) {
  const settings = data.effective.components.contactSection;
  if (!settings.enabled) return null;
  const { contact } = data.restaurant;
  const social = settings.showSocialLinks ? socialLinks(data.restaurant) : [];
  return (
    <div className="card" id="contact">
      <h3>Contact</h3>
      {settings.showPhone ? (
        <p>
          <a href={phoneHref(contact.phone)}>{phoneText(contact.phone)}</a>
        </p>
      ) : null}
      {settings.showEmail ? (
        <p>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </p>
      ) : null}
      {social.length > 0 ? (
        <nav aria-label="Social media">
          <ul className="social">
            {social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener me" target="_blank">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/** A contact section of its own, for templates that list "contact" without "location". */

/** The special dates of the next 30 days under the weekly hours ("Thu 26 Nov — Thanksgiving: Closed"). */
function SpecialHoursList({ data }: { data: SiteData }) {
  const rows = upcomingSpecialRows(data.restaurant, data.today);
  if (rows.length === 0) return null;
  return (
    <>
      <h4 className="special-title">Special hours</h4>
      <table className="hours special-hours">
        <tbody>
          {rows.map((row) => (
            <tr key={row.day}>
              <th scope="row">{row.day}</th>
              <td>{spanLines(row.hours)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Each span of a day on its own line ("11:00 AM – 2:30 PM", "5:00 PM – 10:00 PM"). */
const spanLines = (hours: string) =>
  hours.split(', ').map((line) => (
    <span key={line} className="span-line">
      {line}
    </span>
  ));
