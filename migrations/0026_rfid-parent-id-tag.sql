-- RFID group id (issue 24, section 2): the OCPP parentIdTag of a card, an IdToken (CiString20, stored
-- upper-case like the uuid). Cards sharing one belong to one group; Authorize answers it in idTagInfo.
-- The card's expiry (OCPP Expired once past) already has its column, `expires_at`.
ALTER TABLE `rfids` ADD `parent_id_tag` text;
