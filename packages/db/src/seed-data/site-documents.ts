import { brand, brandText } from '@ipatient/contracts';

/** Demo website documents: believable content for a fresh installation. */
export const demoSiteDocuments = {
  termsAndCondition: brandText(`<h2>1. Who we are</h2>
<p>${brand.siteName} is a community for {product}s in Nigeria. We help people understand their rights, share their experiences of care, raise funds for treatment and make complaints that are followed up. Using the site is free.</p>
<h2>2. Your account</h2>
<p>You must be at least 18 to open an account, give true details when you register and keep your password private. You are responsible for what is done with your account. Tell us at once if you think someone else has used it.</p>
<h2>3. Campaigns</h2>
<p>Every campaign is reviewed before it goes live, usually within 24-48 hours. You must be in Nigeria, have a verified healthcare need, and tell the truth about it. Funds raised go to the bank account you give us, which we verify by name. We remove campaigns that are misleading, and we may ask for a hospital estimate or a doctor's letter at any time.</p>
<h2>4. Donations</h2>
<p>A donation is a gift to the person the campaign is for. Payments are taken by our payment provider; we never see or keep your card details. If you believe a campaign is not genuine, tell us: we will look into it and pause the campaign while we do.</p>
<h2>5. Complaints and reviews</h2>
<p>Complaints are acknowledged within 5 working days and answered within 20 working days. Reviews of hospitals must be about your own experience, in your own words; we moderate them before they are published and remove insults, personal attacks and private details about staff or other {product}s.</p>
<h2>6. Your data</h2>
<p>We use your data only to run the service, under the Nigeria Data Protection Act 2023. We never sell it. You can ask us for a copy of your data or to delete your account at any time. Our cookie policy explains the few cookies the site uses.</p>
<h2>7. Changes to these terms</h2>
<p>When we change these terms, the date at the top of this page changes with them. If a change affects how your campaign or your data is handled, we will also email you before it applies.</p>
<h2>8. Contact</h2>
<p>Questions about these terms: write to ${brand.contactEmail}.</p>`),
  aboutUs: brandText(
    `<p>${brand.siteName} began in 2023 as a small group of {product} advocates visiting clinics in Lagos. Today we are a national community that helps {product}s know their rights, get fair treatment and find the money they need for care.</p><h2>What we do</h2><p>We amplify {product} voices. Our platform is simple and free, and it brings three things together: support to raise and follow up complaints about care, Green-Heart crowdfunding for medical bills, and articles and podcasts that help {product}s make informed choices.</p>`,
  ),
  contactUs: {
    email: brand.contactEmail,
    // No phone line is published until an admin enters a real one: a made-up number would send
    // callers nowhere.
    phone: '',
    address: '12 Admiralty Way, Lekki Phase 1, Lagos',
  },
  socialMedia: {
    facebook: 'https://www.facebook.com/ipatientng',
    x: 'https://x.com/ipatientng',
    instagram: 'https://www.instagram.com/ipatientng',
    linkedin: 'https://www.linkedin.com/company/ipatientng',
    youtube: 'https://www.youtube.com/@ipatientng',
  },
};
