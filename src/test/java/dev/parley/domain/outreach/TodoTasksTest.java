package dev.parley.domain.outreach;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TodoTasksTest {

    private final GenealogyExtractor extractor = new GenealogyExtractor();

    @Test
    void marriageTask() {
        assertThat(TodoTasks.from(extractor.extract("In 1911, Mary O'Brien married John Walsh in Cork."))).containsExactly(
                new TodoTask(TodoKind.RECORD_SEARCH, "Look for the 1911 marriage of Mary O'Brien and John Walsh in Cork"));
    }

    @Test
    void birthAndEmigrationTasks() {
        assertThat(TodoTasks.from(extractor.extract("My great-grandfather Patrick McDonald was born in Sligo in 1872"
                + " and emigrated to Boston in 1890.")))
                .extracting(TodoTask::text)
                .containsExactly("Look for the 1872 birth of Patrick McDonald in Sligo",
                        "Look for the 1890 emigration of Patrick McDonald to Boston");
    }

    @Test
    void relationshipStandsInForAMissingName() {
        assertThat(TodoTasks.from(extractor.extract("My grandmother died in 1950 in Boston.")))
                .containsExactly(new TodoTask(TodoKind.RECORD_SEARCH, "Look for the 1950 death of their grandmother in Boston"));
    }

    @Test
    void censusDocumentsPhotosAndPeople() {
        String reply = "Grandma Rose always talked about the 1901 census listing Michael O'Donnell in Donegal."
                + " We have the family bible and some old photos. Her brother was Sean O'Donnell.";
        assertThat(TodoTasks.from(extractor.extract(reply))).containsExactly(
                new TodoTask(TodoKind.CENSUS_SEARCH, "Search the 1901 census for Rose and Michael O'Donnell in Donegal"),
                new TodoTask(TodoKind.DOCUMENT_REQUEST, "Ask whether they could share a photo or scan of the family bible"),
                new TodoTask(TodoKind.PHOTO_REQUEST, "Ask whether they could share a scan of the photos"),
                new TodoTask(TodoKind.TREE_UPDATE, "Add Sean O'Donnell to the research notes for this match"));
    }

    @Test
    void offeredCopyBecomesAFollowUp() {
        assertThat(TodoTasks.from(extractor.extract("I can send you a scan of her baptism record.")))
                .containsExactly(new TodoTask(TodoKind.DOCUMENT_REQUEST, "Follow up on the offered copy of the baptism record"));
    }

    @Test
    void nothingToDo() {
        assertThat(TodoTasks.from(Extraction.empty())).isEmpty();
    }
}
