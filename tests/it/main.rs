//! One integration-test binary: every suite talks to the real server (in-process, port 0,
//! a fresh temporary data directory, real redb and files) or runs the real binary.

mod helpers;

mod abuse;
mod accounts;
mod admin;
mod appliance;
mod applications;
mod architecture;
mod authz;
mod backup;
mod binary_server;
mod browser;
mod cli;
mod compression;
mod crash;
mod demo;
mod demo_clips;
mod district_it;
mod district_review;
mod first_screen;
mod fresh_lists;
mod guest;
mod hazard_places;
mod hostile;
mod internships;
mod jobs;
mod languages;
mod mail;
mod media;
mod messages;
mod moderation;
mod oidc_provider;
mod paging;
mod placement_completion;
mod placement_mail;
mod placement_records;
mod placements;
mod roster;
mod s3;
mod s3_server;
mod safety;
mod search;
mod social;
mod sso;
mod staff;
