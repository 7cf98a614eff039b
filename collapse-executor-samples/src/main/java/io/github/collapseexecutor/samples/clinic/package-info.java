/**
 * The clinic sample: a Spring Boot web application on Spring Data JPA and Thymeleaf, as a team
 * would have it before adding collapse (owners and their pets, vets, a form that commits and
 * redirects with a flash message, a localized page, open-in-view as Spring Boot sets it), with
 * {@code @Collapsible} on its repository reads and the servlet filter on its pages. Its main class
 * prints what collapsed, what did not and why.
 */
package io.github.collapseexecutor.samples.clinic;
