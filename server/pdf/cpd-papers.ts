import type { CpdLedger } from '../../src/api/schemas/cpd-ledger.schema';
import type { Language } from '../../src/config/constants';
import { formatVerificationCode } from '../../src/config/cpd-verification-code';
import { hoursOf, type CertificateFigures } from '../domain/cpd-statement';
import { translate } from '../i18n/messages';
import { makePdf, type PdfDoc } from './pdf-document';
import { printedDay, printedMoment } from './pdf-dates';

// Issue 45 (ADR 085): what the CPD statement and certificate say and where. Every text is the
// server's translation; every figure the ledger's; the code is printed with where to check it.

interface Paper {
  lang: Language;
  code: string;
  now: Date;
  /** Where the public check lives: <APP_BASE_URL>/verify/<code>. */
  verifyUrl: string;
}

const tr = (lang: Language) => (key: string, vars?: Record<string, string | number>) => translate(lang, `server:${key}`, vars);

function footer(doc: PdfDoc, { lang, code, now, verifyUrl }: Paper): void {
  const t = tr(lang);
  doc.moveDown(2).fontSize(11).fillColor('#000');
  doc.text(t('cpd_paper_code', { code: formatVerificationCode(code) }));
  doc.fontSize(9).fillColor('#444').text(t('cpd_paper_verify_at', { url: verifyUrl }));
  doc.text(t('cpd_paper_issued', { date: printedMoment(now, lang) }));
}

export function statementPdf(ledger: CpdLedger, paper: Paper): Promise<Uint8Array<ArrayBuffer>> {
  const { lang } = paper;
  const t = tr(lang);
  return makePdf(lang, { title: t('cpd_paper_title_statement'), now: paper.now }, (doc) => {
    doc.fontSize(18).text(t('cpd_paper_title_statement'));
    doc.moveDown(0.5).fontSize(11);
    doc.text(t('cpd_paper_person', { name: ledger.user.name, agentCode: ledger.user.agent_code }));
    doc.text(t('cpd_paper_period', { from: printedDay(ledger.period.starts_on, lang), to: printedDay(ledger.period.ends_on, lang) }));
    doc.moveDown();

    // The table: date, activity (wraps), reference, hours, E/R.
    const x = { date: 50, title: 140, reference: 340, hours: 440, ethics: 495 };
    const row = (cells: [string, string, string, string, string], size = 9) => {
      doc.fontSize(size);
      const y = doc.y;
      const h = Math.max(doc.heightOfString(cells[1], { width: 190 }), doc.heightOfString(cells[2], { width: 95 }));
      if (y + h > doc.page.height - 80) doc.addPage();
      const top = doc.y;
      doc.text(cells[0], x.date, top, { width: 85 });
      doc.text(cells[1], x.title, top, { width: 190 });
      doc.text(cells[2], x.reference, top, { width: 95 });
      doc.text(cells[3], x.hours, top, { width: 50 });
      doc.text(cells[4], x.ethics, top, { width: 50 });
      doc.x = 50;
      doc.y = top + h + 4;
    };
    row([t('cpd_paper_col_date'), t('cpd_paper_col_activity'), t('cpd_paper_col_reference'), t('cpd_paper_col_hours'), t('cpd_paper_col_er')], 10);
    if (ledger.rows.length === 0) doc.fontSize(10).text(t('cpd_paper_no_rows'));
    for (const r of ledger.rows) row([printedDay(r.completed_on, lang), r.title, r.reference ?? '—', String(hoursOf(r.minutes)), r.ethics_or_regulations ? t('cpd_paper_er') : '']);

    doc.moveDown().fontSize(11);
    const totals = ledger.totals;
    doc.text(t('cpd_paper_totals', { hours: hoursOf(totals.minutes), target: hoursOf(ledger.target.minutes) }));
    doc.text(t('cpd_paper_totals_er', { hours: hoursOf(totals.ethics_minutes), target: hoursOf(ledger.target.ethics_minutes) }));
    doc.text(totals.compliant ? t('cpd_paper_compliant') : t('cpd_paper_short', { hours: hoursOf(totals.needed_minutes), ethics: hoursOf(totals.needed_ethics_minutes) }));
    footer(doc, paper);
  });
}

export function certificatePdf(figures: CertificateFigures, paper: Paper): Promise<Uint8Array<ArrayBuffer>> {
  const { lang } = paper;
  const t = tr(lang);
  return makePdf(lang, { title: t('cpd_paper_title_certificate'), now: paper.now }, (doc) => {
    doc.fontSize(22).text(t('cpd_paper_title_certificate'), { align: 'center' });
    doc.moveDown().fontSize(12).text(t('cpd_paper_certifies', { name: figures.name, agentCode: figures.agent_code }), { align: 'center' });
    doc.moveDown(0.5).fontSize(16).text(figures.title, { align: 'center' });
    doc.moveDown().fontSize(11);
    if (figures.reference) doc.text(t('cpd_paper_reference', { reference: figures.reference }));
    doc.text(t('cpd_paper_cpd_hours', { hours: hoursOf(figures.minutes) }));
    doc.text(figures.ethics_or_regulations ? t('cpd_paper_counts_er') : t('cpd_paper_not_er'));
    doc.text(t('cpd_paper_completed', { date: printedMoment(figures.completed_at, lang) }));
    footer(doc, paper);
  });
}
