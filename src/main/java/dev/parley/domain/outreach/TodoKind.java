package dev.parley.domain.outreach;

/** What sort of research step a {@link TodoTask} is. */
public enum TodoKind {
    /** Search vital or church records for a life event. */
    RECORD_SEARCH,
    /** Search a census return. */
    CENSUS_SEARCH,
    /** Ask the match for a copy of a document they mentioned. */
    DOCUMENT_REQUEST,
    /** Ask the match for a scan of a photo they mentioned. */
    PHOTO_REQUEST,
    /** Note a person in the research notes for this match. */
    TREE_UPDATE
}
