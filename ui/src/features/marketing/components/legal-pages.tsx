import { ContentSection, MarketingLayout } from './marketing-layout';

export function PrivacyPage() {
  return (
    <MarketingLayout
      title="Privacy Policy"
      eyebrow="Privacy"
      heading="Privacy Policy"
      intro={<p>Most of our students are minors. We collect as little as we can and never sell it.</p>}
    >
      <ContentSection id="collect" title="What we keep">
        <p>
          For students: name, email, school, grade, interests, optional GPA, optional profile photo and transcript, and your applications,
          likes, saves, comments and messages. For employers: your name, work email, position and company details.
        </p>
      </ContentSection>
      <ContentSection id="who-sees" title="Who sees it">
        <p>
          There are no public student profiles. An employer sees a student’s profile only after that student applies to one of their
          internships. Messages are visible only to the student and the employer of that application.
        </p>
      </ContentSection>
      <ContentSection id="where" title="Where it is stored">
        <p>
          InternReel is hosted by your school or district on their own server. Your data stays there and is not shared with advertisers.
        </p>
      </ContentSection>
      <ContentSection id="choices" title="Your choices">
        <p>You can edit your profile at any time.</p>
        <p className="mt-3">
          Students: <strong>Download my data</strong> on your profile gives you a copy of everything InternReel holds about you, as one
          file. <strong>Delete my account</strong>, next to it, removes your account at once: your name, email, school details, photo,
          transcript, likes, saves, blocks, the reports you filed, your notifications and emails, and it signs you out everywhere.
        </p>
        <p className="mt-3">
          What stays: comments and messages you wrote, and your applications, remain for the people they were sent to, shown as
          &ldquo;Deleted student&rdquo; with no name or contact details. Reports other people filed about something you wrote stay with the
          district. A completed work-based-learning placement stays for the district&rsquo;s counts with no name, contact details or notes
          (school, grade, employer, dates and approved hours); a placement not completed is removed. The district&rsquo;s audit log, which
          records who did what and when (for example that this account was created, exported its data or was deleted), keeps its entries;
          they name the account by its number only.
        </p>
        <p className="mt-3">Employers: to close a company account, contact your district.</p>
      </ContentSection>
    </MarketingLayout>
  );
}

export function TermsPage() {
  return (
    <MarketingLayout
      title="Terms of Service"
      eyebrow="Terms"
      heading="Terms of Service"
      intro={<p>The short, readable version of the rules everyone agrees to when using InternReel.</p>}
    >
      <ContentSection id="who" title="Who can use InternReel">
        <p>Students aged 16-18 and employers offering internships that are legal and appropriate for them.</p>
      </ContentSection>
      <ContentSection id="employers" title="Employers agree to">
        <ul className="list-disc space-y-1.5 pl-5">
          <li>Follow federal and state rules on hours, hazardous work, work permits and pay.</li>
          <li>Post honest descriptions and videos of the real role.</li>
          <li>Contact students only about internships they applied to, and only through InternReel.</li>
        </ul>
      </ContentSection>
      <ContentSection id="students" title="Students agree to">
        <ul className="list-disc space-y-1.5 pl-5">
          <li>Give accurate information about their school, grade and age.</li>
          <li>Be respectful in comments and messages.</li>
        </ul>
      </ContentSection>
      <ContentSection id="content" title="Content">
        <p>We may remove postings, videos or comments that break these terms, and suspend accounts that do so repeatedly.</p>
      </ContentSection>
    </MarketingLayout>
  );
}
