"""A person's own data for the Data page walk-through: each source holds one story that only it can tell, so
a question answered right shows that source was connected, indexed and joined with the others.

- Apple Mail (an emlx V10 store): Priya Raman sent calibration-notes.pdf; Documents/Lab holds it.
- IMAP (a Dovecot account): Tomás Ferreira sent harbor-site-survey.pdf; Documents/Harbor holds it.
- CalDAV (a Radicale calendar): the "Harbor site visit" with Tomás Ferreira (and the user).
- Google (the fake Gmail and Calendar): Mei Lin sent orchard-plan.xlsx after the "Orchard walk" with her;
  Documents/Orchard holds it.

So "Find the file folders that contain email attachments from the people I met at the Harbor site visit"
needs CalDAV (who was there), IMAP (what they sent) and the files source (where it is kept).
"""

from __future__ import annotations

import mailbox
from email.message import EmailMessage
from pathlib import Path

ME = "Alex Morgan <alex@example.org>"
HARBOR_QUESTION = "Find the file folders that contain email attachments from the people I met at the Harbor site visit"
ORCHARD_QUESTION = "Find the file folders that contain email attachments from the people I met at the Orchard walk"
PRIYA_QUESTION = "Find the file folders that contain email attachments from Priya Raman"


def message(sender: str, subject: str, message_id: str, when: str, body: str,
            attachment: tuple[str, str, bytes] | None = None) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"], msg["Date"], msg["Message-ID"] = sender, ME, subject, when, message_id
    msg.set_content(body)
    if attachment:
        name, subtype, data = attachment
        maintype = "application"
        msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)
    return msg.as_bytes()


PRIYA = message("Priya Raman <priya@lab.example>", "Calibration notes", "<calib-1@lab.example>",
                "Tue, 03 Feb 2026 09:30:00 -0500", "The calibration notes for the sensor rig are attached.",
                ("calibration-notes.pdf", "pdf", b"%PDF-1.4 calibration notes"))
TOMAS = message("Tom\u00e1s Ferreira <tomas@harbor.example>", "Site survey", "<survey-1@harbor.example>",
                "Wed, 11 Feb 2026 10:00:00 -0500", "Thanks for the visit; the survey is attached.",
                ("harbor-site-survey.pdf", "pdf", b"%PDF-1.4 harbor site survey"))
MEI = message("Mei Lin <mei@orchard.example>", "Orchard plan", "<orchard-1@orchard.example>",
              "Fri, 13 Feb 2026 16:00:00 -0500", "Here is the planting plan we walked through.",
              ("orchard-plan.xlsx", "vnd.openxmlformats-officedocument.spreadsheetml.sheet", b"PK\x03\x04 orchard"))


def event_ics(uid: str, title: str, start: str, end: str, place: str, guest: str, guest_address: str) -> str:
    return f"""BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//queryweaver tests//own data//EN
BEGIN:VEVENT
UID:{uid}
DTSTAMP:20260201T000000Z
DTSTART:{start}
DTEND:{end}
SUMMARY:{title}
LOCATION:{place}
ORGANIZER;CN=Alex Morgan:mailto:alex@example.org
ATTENDEE;CN=Alex Morgan;PARTSTAT=ACCEPTED:mailto:alex@example.org
ATTENDEE;CN={guest};PARTSTAT=ACCEPTED:mailto:{guest_address}
END:VEVENT
END:VCALENDAR
"""


HARBOR_EVENT = event_ics("harbor-visit-1@own-data", "Harbor site visit", "20260210T140000Z", "20260210T160000Z",
                         "Pier 4", "Tom\u00e1s Ferreira", "tomas@harbor.example")
ORCHARD_EVENT = event_ics("orchard-walk-1@own-data", "Orchard walk", "20260212T150000Z", "20260212T170000Z",
                          "Hillside Orchard", "Mei Lin", "mei@orchard.example")


def write_mbox(path: Path, raws: list[bytes]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    box = mailbox.mbox(path)
    try:
        for raw in raws:
            box.add(raw)
        box.flush()
    finally:
        box.close()
    return path


def write_files(documents: Path) -> None:
    """The attachments, saved where the person keeps them."""
    for folder, name, data in (("Lab", "calibration-notes.pdf", b"%PDF-1.4 calibration notes"),
                               ("Harbor", "harbor-site-survey.pdf", b"%PDF-1.4 harbor site survey"),
                               ("Orchard", "orchard-plan.xlsx", b"PK\x03\x04 orchard")):
        (documents / folder).mkdir(parents=True, exist_ok=True)
        (documents / folder / name).write_bytes(data)


def google_files(folder: Path) -> tuple[Path, Path]:
    """The mailbox and calendar the fake Google serves."""
    folder.mkdir(parents=True, exist_ok=True)
    ics = folder / "google.ics"
    ics.write_text(ORCHARD_EVENT)
    return write_mbox(folder / "google.mbox", [MEI]), ics
